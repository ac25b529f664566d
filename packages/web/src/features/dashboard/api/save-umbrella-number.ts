import type { SaveUmbrellaNumberBody, UnitResponse } from '@sandbar/contract/units';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateUnits } from './invalidate';

/** POST /saveUmbrellaNumber. */
export const saveUmbrellaNumber = (body: SaveUmbrellaNumberBody) => api<UnitResponse>('/saveUmbrellaNumber', { body });

export function useSaveUmbrellaNumber(opts: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveUmbrellaNumberBody) =>
      api<UnitResponse>('/saveUmbrellaNumber', { body, silent: opts.silent }),
    // Not awaited: a caller closing the modal on success must not wait for (or be undone by) the refetch.
    onSettled: () => {
      void invalidateUnits(qc);
    },
  });
}
