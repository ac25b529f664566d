import type { SaveResponse } from '@sandbar/contract/admin-fields';
import type { HotelFormInput } from '@sandbar/contract/hotels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toastSuccess } from '../../../lib/notify';

/** POST /saveHotel {postData}: add or edit. */
export const saveHotel = (postData: HotelFormInput) =>
  api<SaveResponse>('/saveHotel', { method: 'POST', body: { postData } });

export function useSaveHotel() {
  const qc = useQueryClient();
  // The form has already gone back to the list (spec section 4), so the hook itself confirms.
  return useMutation({
    mutationFn: saveHotel,
    onSuccess: (res) => {
      toastSuccess(res.details);
      return qc.invalidateQueries();
    },
  });
}
