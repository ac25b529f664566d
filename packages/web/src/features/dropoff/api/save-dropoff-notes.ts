import type { SaveDropoffNotesBody } from '@sandbar/contract/sales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveOrQueueDropoff } from '../../../lib/sale-queue';
import { dropoffKeys } from './get-dropoff-report';

/**
 * POST /saveDropoffNotes {dropoffAmount, dropoffNotes, confirmOverCashOnHand?, clientKey}: the key
 * makes it safe to send again; when the server cannot be reached the drop-off waits in the
 * tablet's queue with the sales (issue 23) and the answer is null.
 */
export function useSaveDropoffNotes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, label }: { body: SaveDropoffNotesBody & { clientKey: string }; label: string }) =>
      saveOrQueueDropoff(body, label),
    onSuccess: () => qc.invalidateQueries({ queryKey: dropoffKeys.all }),
  });
}
