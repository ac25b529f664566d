import { z } from 'zod';
import { MessageResponse, Id, idOf } from './common';
import { LogCategory, LogFieldType } from './log-details';
import { messages } from './messages';

/** Column size codes of a form field (spec section 9). */
export const colSizes = { none: 0, full: 1, half: 2, third: 3, twoThirds: 4, quarter: 5 } as const;

/** One field of the daily-log form, built from a log detail (spec section 3, "dailyLogFieldData"). */
export const DailyLogField = z.object({
  fieldName: z.string(),
  fieldType: LogFieldType,
  fieldLabel: z.string(),
  placeholder: z.string(),
  colSize: z.number().int().min(0).max(5),
  category: LogCategory,
  /** Choices of a checkbox field (from the log detail's placeholder, comma-separated); empty otherwise. */
  options: z.array(z.string()),
});
export type DailyLogField = z.infer<typeof DailyLogField>;

/** A field's value and the initials of the last person who changed it. */
export const DailyLogValue = z.object({ value: z.string(), user: z.string() });
export type DailyLogValue = z.infer<typeof DailyLogValue>;
export const DailyLogData = z.record(z.string(), DailyLogValue);
export type DailyLogData = z.infer<typeof DailyLogData>;

export const DailyLogSummary = z.object({ id: z.number().int(), logDate: z.string() });
export type DailyLogSummary = z.infer<typeof DailyLogSummary>;

/** GET /getDailyLogList: newest date first. */
export const DailyLogList = z.object({
  pageType: z.literal('list'),
  dailyLogs: z.array(DailyLogSummary),
  dailyLogFieldData: z.array(DailyLogField),
  /** For the print layout's heading (S and M cannot read the settings). */
  venueName: z.string(),
});
export type DailyLogList = z.infer<typeof DailyLogList>;

export const DailyLogRecord = z.object({ id: z.number().int(), logDate: z.string(), data: DailyLogData });
export type DailyLogRecord = z.infer<typeof DailyLogRecord>;

/** GET /getDailyLogList/{id}: `data` is the log (id, logDate and its map of values). */
export const DailyLogResponse = z.object({
  pageType: z.literal('edit'),
  data: DailyLogRecord,
  dailyLogFieldData: z.array(DailyLogField),
  venueName: z.string(),
});
export type DailyLogResponse = z.infer<typeof DailyLogResponse>;

/** A field's value: text, or a number or a flag as the widgets send them (stored as text). */
const IncomingValue = z
  .union([z.string().max(10_000), z.number(), z.boolean()])
  .transform((v) => (typeof v === 'boolean' ? (v ? '1' : '0') : String(v)));

/** '' / 0 / '0' / null / missing: a new log; else the id of the log to edit. */
const OptionalLogId = z
  .union([Id, z.literal(''), z.literal(0), z.literal('0'), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' && v > 0 ? v : undefined));

/**
 * POST /saveDailyLog {id, logDate, data}. `data` maps a field name to `{value}` (a `user` sent
 * by the client is ignored: the server writes the editor's initials) or to the bare value.
 * `logDate` is a real calendar date, YYYY-MM-DD (the pattern in the document checks the days of
 * each month and leap years).
 */
export const SaveDailyLogBody = z.object({
  id: OptionalLogId,
  logDate: z.iso.date({
    error: (iss) =>
      iss.input == null || String(iss.input).trim() === ''
        ? messages.dailyLog.dateBlank
        : 'Enter a real calendar date as YYYY-MM-DD.',
  }),
  data: z
    .record(
      z.string().max(100),
      z.union([
        z.object({ value: IncomingValue, user: z.string().max(100).optional() }),
        IncomingValue.transform((value) => ({ value })),
      ]),
    )
    .optional()
    .default({}),
});
export type SaveDailyLogBody = z.input<typeof SaveDailyLogBody>;

export const SaveDailyLogResponse = MessageResponse.extend({ id: z.number().int() });
export type SaveDailyLogResponse = z.infer<typeof SaveDailyLogResponse>;

export const DeleteDailyLogBody = z.object({
  postData: idOf('Choose a daily log to delete.'),
});
export type DeleteDailyLogBody = z.input<typeof DeleteDailyLogBody>;

export const dailyLogTexts = {
  saved: 'Daily log has been saved!',
  deleted: 'Daily log has been deleted!',
  duplicate: (date: string) => `A daily log for ${date} already exists. Open it from the list to edit it.`,
  notFound: 'That daily log no longer exists.',
} as const;
