import type { VoidDropoffBody } from '@sandbar/contract/dropoff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dropoffKeys } from './get-dropoff-report';

/** POST /voidDropoff {id, reason}: supervisors and admins. */
export const voidDropoff = (body: VoidDropoffBody) =>
  api<{ success: 1; details: string }>('/voidDropoff', { method: 'POST', body, silent: true });

export function useVoidDropoff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: voidDropoff,
    onSuccess: () => qc.invalidateQueries({ queryKey: dropoffKeys.all }),
  });
}
