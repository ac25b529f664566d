import type { ReseatBody, UnitResponse } from '@sandbar/contract/units';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateUnits } from './invalidate';

/** POST /reseatCustomer. */
export const reseatCustomer = (body: ReseatBody) => api<UnitResponse>('/reseatCustomer', { body });

export function useReseatCustomer(opts: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReseatBody) => api<UnitResponse>('/reseatCustomer', { body, silent: opts.silent }),
    // Not awaited: a caller closing the modal on success must not wait for (or be undone by) the refetch.
    onSettled: () => {
      void invalidateUnits(qc);
    },
  });
}
