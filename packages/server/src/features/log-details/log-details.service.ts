import {
  type LogCategory,
  type LogDetail,
  LogDetailPostData,
  type LogFieldType,
  logCategories,
} from '@sandbar/contract/log-details';
import { messages } from '@sandbar/contract/messages';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import {
  type LogDetailValues,
  deleteLogDetail,
  findLogDetail,
  findLogDetailByName,
  insertLogDetail,
  listLogDetails,
  updateLogDetail,
} from './log-details.repository';

type Row = Awaited<ReturnType<typeof listLogDetails>>[number];

const toLogDetail = (r: Row): LogDetail => ({
  id: r.id,
  category: r.category as LogCategory,
  name: r.name,
  label: r.label,
  placeholder: r.placeholder,
  fieldSort: r.field_sort,
  fieldType: r.field_type as LogFieldType,
});

const categoryOrder = (c: string) => {
  const i = logCategories.indexOf(c as LogCategory);
  return i < 0 ? logCategories.length : i;
};

/** Log details in daily-log order: category (Setup, Operation, Tear Down), then sort, then id. */
export async function getLogDetails(deps: Pick<AppDeps, 'db'>): Promise<LogDetail[]> {
  const rows = await listLogDetails(deps.db);
  return rows
    .map(toLogDetail)
    .sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category) || a.fieldSort - b.fieldSort || a.id - b.id);
}

export async function getLogDetail(deps: AppDeps, id: number): Promise<LogDetail> {
  const row = await findLogDetail(deps.db, id);
  if (!row) throw notFound('That log field no longer exists.');
  return toLogDetail(row);
}

const duplicateName = (name: string) =>
  `A log field named "${name}" already exists. Field names must be unique: they key the daily log's values.`;

/** Adds (no id) or changes (id) a log field. Field names are unique because the daily log keys values by them. */
export async function saveLogDetail(deps: AppDeps, input: z.output<typeof LogDetailPostData>): Promise<number> {
  const values: LogDetailValues = {
    category: input.category,
    name: input.name,
    label: input.label,
    placeholder: input.placeholder,
    field_sort: input.fieldSort,
    field_type: input.fieldType,
  };
  // The unique index on log_details.name holds when two saves race past the check (defect 6).
  const onDuplicate = (err: unknown) => {
    throw isUniqueViolation(err, 'name') ? conflict(duplicateName(input.name)) : err;
  };
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const same = await findLogDetailByName(trx, input.name);
      if (same && same.id !== input.id) throw conflict(duplicateName(input.name));
      if (input.id) {
        const ok = await updateLogDetail(trx, input.id, values);
        if (!ok) throw notFound('That log field no longer exists.');
        return input.id;
      }
      return insertLogDetail(trx, values, deps.clock.now());
    })
    .catch(onDuplicate);
}

/** Deletes a field definition; values already recorded in daily logs under its name are kept. */
export async function removeLogDetail(deps: AppDeps, id: number): Promise<string> {
  const ok = await deleteLogDetail(deps.db, id);
  if (!ok) throw notFound('That log field no longer exists.');
  return messages.logDetail.deleted;
}
