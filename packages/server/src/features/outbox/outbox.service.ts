import type { OutboxList } from '@sandbar/contract/outbox';
import type { AppDeps } from '../../platform/deps';
import { listOutbox } from './outbox.repository';

/** The outbox as admins see it: newest first. */
export async function getOutbox(
  deps: AppDeps,
  opts: { status?: 'queued' | 'sent' | 'failed'; limit: number },
): Promise<OutboxList> {
  const rows = await listOutbox(deps.db, opts);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      purpose: r.purpose,
      createdAt: new Date(Number(r.created_at)).toISOString(),
      sentAt: r.sent_at == null ? null : new Date(Number(r.sent_at)).toISOString(),
    })),
  };
}
