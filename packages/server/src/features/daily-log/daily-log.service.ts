import {
  type DailyLogData,
  type DailyLogField,
  type DailyLogList,
  type DailyLogResponse,
  SaveDailyLogBody,
  colSizes,
  dailyLogTexts,
} from '@sandbar/contract/daily-log';
import type { LogDetail } from '@sandbar/contract/log-details';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { getLogDetails } from '../log-details/log-details.service';
import { readSettings } from '../settings/settings.repository';
import {
  deleteDailyLog,
  findDailyLog,
  findDailyLogByDate,
  insertDailyLog,
  listDailyLogs,
  updateDailyLog,
} from './daily-log.repository';

/** Choices of a checkbox field: its placeholder, comma-separated; a lone checkbox offers "Yes". */
export function checkboxOptions(placeholder: string): string[] {
  const opts = placeholder
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return opts.length ? opts : ['Yes'];
}

/** The form's field list, in daily-log order (category, then sort). */
export function toFieldData(details: LogDetail[]): DailyLogField[] {
  return details.map((d) => ({
    fieldName: d.name,
    fieldType: d.fieldType,
    fieldLabel: d.label || d.name,
    placeholder: d.fieldType === 'checkbox' ? '' : d.placeholder,
    // Long text gets the whole row; everything else a third, so three short fields share a line.
    colSize: d.fieldType === 'textarea' ? colSizes.full : colSizes.third,
    category: d.category,
    options: d.fieldType === 'checkbox' ? checkboxOptions(d.placeholder) : [],
  }));
}

function parseData(json: string): DailyLogData {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as DailyLogData) : {};
  } catch {
    return {};
  }
}

export async function getDailyLogList(deps: AppDeps): Promise<DailyLogList> {
  const [logs, details, settings] = await Promise.all([
    listDailyLogs(deps.db),
    getLogDetails(deps),
    readSettings(deps.db),
  ]);
  return {
    pageType: 'list',
    dailyLogs: logs.map((l) => ({ id: l.id, logDate: l.log_date })),
    dailyLogFieldData: toFieldData(details),
    venueName: settings.venueName,
  };
}

export async function getDailyLog(deps: AppDeps, id: number): Promise<DailyLogResponse> {
  const [log, details, settings] = await Promise.all([
    findDailyLog(deps.db, id),
    getLogDetails(deps),
    readSettings(deps.db),
  ]);
  if (!log) throw notFound(dailyLogTexts.notFound);
  return {
    pageType: 'edit',
    data: { id: log.id, logDate: log.log_date, data: parseData(log.data) },
    dailyLogFieldData: toFieldData(details),
    venueName: settings.venueName,
  };
}

/** Normalises a submitted value by field type; throws 400 with the field's label when it cannot be one. */
function normalise(field: DailyLogField, raw: string): string {
  const v = field.fieldType === 'textarea' ? raw : raw.trim();
  const label = `"${field.fieldLabel}"`;
  switch (field.fieldType) {
    case 'number':
      if (v !== '' && !/^-?\d+(\.\d+)?$/.test(v)) throw badRequest(`${label} must be a number.`);
      return v;
    case 'date':
      if (v !== '' && (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))) {
        throw badRequest(`${label} must be a date (YYYY-MM-DD).`);
      }
      return v;
    case 'toggle':
      if (v !== '' && v !== '0' && v !== '1') throw badRequest(`${label} must be "1" or "0".`);
      return v === '' ? '0' : v;
    default:
      return v;
  }
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
};

/**
 * Adds or changes the log of a date (one log per date: a second add for a taken date is a 409).
 * Only fields whose value changed get the editor's initials; the others keep their last editor.
 */
export async function saveDailyLog(
  deps: AppDeps,
  user: { id: number; initials: string },
  input: z.output<typeof SaveDailyLogBody>,
): Promise<number> {
  const fields = new Map(toFieldData(await getLogDetails(deps)).map((f) => [f.fieldName, f]));
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const existing = input.id ? await findDailyLog(trx, input.id) : undefined;
      if (input.id && !existing) throw notFound(dailyLogTexts.notFound);
      const sameDate = await findDailyLogByDate(trx, input.logDate);
      if (sameDate && sameDate.id !== existing?.id) throw conflict(dailyLogTexts.duplicate(input.logDate));

      const data = existing ? parseData(existing.data) : {};
      for (const [name, incoming] of Object.entries(input.data)) {
        const field = fields.get(name);
        if (!field) continue; // not (or no longer) a log field: ignore rather than store stray keys
        const value = normalise(field, incoming.value);
        // A field never saved reads as its blank value; for a toggle that is "0" (off), so a
        // toggle nobody touched does not get the first saver's initials (issue 14).
        const before = data[name]?.value ?? (field.fieldType === 'toggle' ? '0' : '');
        if (value !== before) data[name] = { value, user: user.initials };
      }
      const row = { logDate: input.logDate, data: JSON.stringify(data), userId: user.id, now: deps.clock.now() };
      if (existing) {
        await updateDailyLog(trx, existing.id, row);
        return existing.id;
      }
      return insertDailyLog(trx, row);
    });
  } catch (err) {
    // Two tablets adding the same date at once: the unique index decides, the loser gets 409.
    if (isUniqueViolation(err)) throw conflict(dailyLogTexts.duplicate(input.logDate));
    throw err;
  }
}

/** Deleting a whole day's log is an admin's decision (S and M correct fields instead). */
export async function removeDailyLog(deps: AppDeps, userType: string, id: number): Promise<string> {
  if (userType !== 'A') throw forbidden('Only an admin can delete a daily log.');
  const ok = await deleteDailyLog(deps.db, id);
  if (!ok) throw notFound(dailyLogTexts.notFound);
  return dailyLogTexts.deleted;
}
