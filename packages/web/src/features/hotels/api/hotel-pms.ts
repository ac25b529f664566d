import type { HotelPmsResponse, SaveHotelPmsBody, TestHotelPmsResponse } from '@sandbar/contract/pms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toastSuccess } from '../../../lib/notify';

const pmsKey = (id: number) => ['hotelPms', id] as const;

/** GET /getHotelPms/{id}: the hotel's PMS connection (credentials only as the names of those set). */
export const hotelPmsQuery = (id: number) =>
  queryOptions({ queryKey: pmsKey(id), queryFn: () => api<HotelPmsResponse>(`/getHotelPms/${id}`), enabled: id > 0 });
export const useHotelPms = (id: number) => useQuery(hotelPmsQuery(id));

/** POST /saveHotelPms: blank credentials keep the stored ones. */
export function useSaveHotelPms(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (postData: SaveHotelPmsBody['postData']) =>
      api<{ success: 1; details: string }>('/saveHotelPms', { method: 'POST', body: { postData } }),
    onSuccess: (res) => {
      toastSuccess(res.details);
      return qc.invalidateQueries({ queryKey: pmsKey(id) });
    },
  });
}

/** POST /testHotelPms: each step tried, with what it found. */
export const useTestHotelPms = () =>
  useMutation({
    mutationFn: (id: number) =>
      api<TestHotelPmsResponse>('/testHotelPms', { method: 'POST', body: { postData: id }, silent: true }),
  });
