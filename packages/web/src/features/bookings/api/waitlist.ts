import type {
  RemoveWaitlistBody,
  StaffWaitlistBody,
  WaitlistChangeResponse,
  WaitlistResponse,
} from '@sandbar/contract/reservations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingsKeys } from './keys';

// The day's waitlist at the desk (issue 24 point 7): list, add, remove; a change refetches the list.
const key = (day: string, locationId: number | null) => [...bookingsKeys.all, 'waitlist', day, locationId] as const;

/** GET /getWaitlist?day=&locationId= */
export const useWaitlist = (day: string | null, locationId: number | null) =>
  useQuery({
    queryKey: key(day ?? '', locationId),
    queryFn: () =>
      api<WaitlistResponse>(
        `/getWaitlist?${new URLSearchParams({ day: day ?? '', ...(locationId ? { locationId: String(locationId) } : {}) })}`,
      ),
    enabled: Boolean(day),
  });

/** POST /saveWaitlistRequest */
export function useAddToWaitlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffWaitlistBody) =>
      api<WaitlistChangeResponse>('/saveWaitlistRequest', { body, silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...bookingsKeys.all, 'waitlist'] }),
  });
}

/** POST /removeWaitlistRequest */
export function useRemoveFromWaitlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RemoveWaitlistBody) =>
      api<WaitlistChangeResponse>('/removeWaitlistRequest', { body, silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...bookingsKeys.all, 'waitlist'] }),
  });
}
