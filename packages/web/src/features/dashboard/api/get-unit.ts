import type { UnitDetail } from '@sandbar/contract/units';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unitsKeys } from './keys';

/** GET /getUnit/{id} or /getUnit/{id}/{currentTime}: one unit with its notes and logs. */
export function getUnit(id: number, day: number | 'today'): Promise<UnitDetail> {
  return api<UnitDetail>(day === 'today' ? `/getUnit/${id}` : `/getUnit/${id}/${day}`);
}

export const unitQuery = (id: number, day: number | 'today') =>
  queryOptions({ queryKey: unitsKeys.unit(id, day), queryFn: () => getUnit(id, day) });

export const useUnit = (id: number | null, day: number | 'today') =>
  useQuery({ ...unitQuery(id ?? 0, day), enabled: id != null && id > 0 });
