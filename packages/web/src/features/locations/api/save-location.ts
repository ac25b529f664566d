import type { SaveResponse } from '@sandbar/contract/admin-fields';
import type { LocationFormInput } from '@sandbar/contract/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toastSuccess } from '../../../lib/notify';

/** POST /saveLocation {postData}: add, or edit and resize. */
export const saveLocation = (postData: LocationFormInput) =>
  api<SaveResponse>('/saveLocation', { method: 'POST', body: { postData } });

export function useSaveLocation() {
  const qc = useQueryClient();
  // Boards elsewhere refetch through the live event; this tablet's queries refresh here.
  // The form has already gone back to the list (spec section 4), so the hook itself confirms.
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: (res) => {
      toastSuccess(res.details);
      return qc.invalidateQueries();
    },
  });
}
