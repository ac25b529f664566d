import type { UnitActionBody, UnitResponse } from '@sandbar/contract/units';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateUnits } from './invalidate';

/** POST /markOccupied. */
export const markOccupied = (body: UnitActionBody) => api<UnitResponse>('/markOccupied', { body });

export function useMarkOccupied(opts: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UnitActionBody) => api<UnitResponse>('/markOccupied', { body, silent: opts.silent }),
    onSettled: () => invalidateUnits(qc),
  });
}
