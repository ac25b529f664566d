import type { MoveBody, MoveResponse } from '@sandbar/contract/units';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateUnits } from './invalidate';

/** POST /moveCustomer. */
export const moveCustomer = (body: MoveBody) => api<MoveResponse>('/moveCustomer', { body });

export function useMoveCustomer(opts: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveBody) => api<MoveResponse>('/moveCustomer', { body, silent: opts.silent }),
    // Not awaited: a caller closing the modal on success must not wait for (or be undone by) the refetch.
    onSettled: () => {
      void invalidateUnits(qc);
    },
  });
}
