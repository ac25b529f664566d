import { z } from 'zod';
import { MessageResponse, Id, idOf } from './common';
import { messages } from './messages';

/** Log detail category options, in the order the daily log shows them (spec section 9). */
export const logCategories = ['Setup', 'Operation', 'Tear Down'] as const;
export const LogCategory = z.enum(logCategories);
export type LogCategory = z.infer<typeof LogCategory>;

/** Field type options for a log detail (spec section 9). */
export const logFieldTypes = ['text', 'number', 'textarea', 'date', 'toggle', 'checkbox'] as const;
export const LogFieldType = z.enum(logFieldTypes);
export type LogFieldType = z.infer<typeof LogFieldType>;

/** A daily-log field definition as the admin edits it (spec section 3, "Log detail"). */
export const LogDetail = z.object({
  id: z.number().int(),
  category: LogCategory,
  name: z.string(),
  label: z.string(),
  placeholder: z.string(),
  fieldSort: z.number().int(),
  fieldType: LogFieldType,
});
export type LogDetail = z.infer<typeof LogDetail>;

const blankIsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The spec's `postData` of POST /saveLogDetails; messages are the spec's (section 5). */
export const LogDetailPostData = z.object({
  id: z.preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v), Id.optional()),
  category: z.preprocess(blankIsMissing, z.enum(logCategories, { error: messages.logDetail.categoryBlank })),
  name: z
    .string({ error: messages.logDetail.nameBlank })
    .trim()
    .min(1, { error: messages.logDetail.nameBlank })
    .max(100, { error: 'A field name has at most 100 characters.' }),
  label: z.string().trim().max(200).optional().default(''),
  placeholder: z.string().trim().max(500).optional().default(''),
  fieldSort: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : blankIsMissing(v)),
    z
      .number({ error: messages.logDetail.sortBlank })
      .int({ error: messages.logDetail.sortBlank })
      .min(-100000, { error: messages.logDetail.sortBlank })
      .max(100000, { error: messages.logDetail.sortBlank }),
  ),
  fieldType: z.preprocess(blankIsMissing, z.enum(logFieldTypes, { error: messages.logDetail.fieldTypeBlank })),
});
export type LogDetailPostData = z.input<typeof LogDetailPostData>;

export const SaveLogDetailsBody = z.object({
  postData: z.preprocess((v) => v ?? {}, LogDetailPostData),
});
export type SaveLogDetailsBody = z.input<typeof SaveLogDetailsBody>;

/** Answer of POST /saveLogDetails: the form goes back to the list on this (spec section 4). */
export const SaveLogDetailsResponse = z.object({
  type: z.literal('saveLogDetail'),
  success: z.literal(1),
  id: z.number().int(),
});
export type SaveLogDetailsResponse = z.infer<typeof SaveLogDetailsResponse>;

export const DeleteLogDetailsBody = z.object({
  postData: idOf('Choose a log field to delete.'),
});
export type DeleteLogDetailsBody = z.input<typeof DeleteLogDetailsBody>;
export const DeleteLogDetailsResponse = MessageResponse;

export const LogDetailsList = z.object({ logDetails: z.array(LogDetail) });
export type LogDetailsList = z.infer<typeof LogDetailsList>;

export const LogDetailResponse = z.object({ logDetail: LogDetail });
export type LogDetailResponse = z.infer<typeof LogDetailResponse>;
