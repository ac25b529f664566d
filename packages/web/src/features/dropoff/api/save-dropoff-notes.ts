import type { SaveDropoffNotesBody } from '@sandbar/contract/sales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dropoffKeys } from './get-dropoff-report';

/** POST /saveDropoffNotes {dropoffAmount, dropoffNotes, confirmOverCashOnHand?}. */
export const saveDropoffNotes = (body: SaveDropoffNotesBody) =>
  api<{ success: 1; details: string; id: number }>('/saveDropoffNotes', { method: 'POST', body, silent: true });

export function useSaveDropoffNotes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveDropoffNotes,
    onSuccess: () => qc.invalidateQueries({ queryKey: dropoffKeys.all }),
  });
}
