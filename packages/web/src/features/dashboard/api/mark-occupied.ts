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
    // Not awaited: a caller closing the modal on success must not wait for (or be undone by) the refetch.
    onSettled: () => {
      void invalidateUnits(qc);
    },
  });
}
