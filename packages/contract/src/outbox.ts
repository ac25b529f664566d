import { z } from 'zod';
import { wholeNumber } from './common';

export const OutboxChannel = z.enum(['email', 'sms']);
export const OutboxStatus = z.enum(['queued', 'sent', 'failed']);

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: OutboxChannel,
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: OutboxStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  purpose: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxQuery = z.object({
  status: OutboxStatus.optional(),
  limit: wholeNumber(1, 500, 'limit is a whole number from 1 to 500').default(100),
});

export const OutboxList = z.object({ messages: z.array(OutboxMessage) });
export type OutboxList = z.infer<typeof OutboxList>;
