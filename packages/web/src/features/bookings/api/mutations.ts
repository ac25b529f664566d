import type {
  AddDepositBody,
  CancelReservationBody,
  MoveReservationBody,
  NoShowBody,
  ReservationResponse,
  SaveReservationBody,
} from '@sandbar/contract/reservations';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingsKeys } from './keys';

// One mutation per booking call (house style keeps one file per call; these six share their
// shape exactly, so they share this file). Each refetches the booking grid and the board.
function refetch(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: bookingsKeys.all });
  void qc.invalidateQueries({ queryKey: ['units'] });
}

function useBookingCall<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<ReservationResponse>(path, { body, silent: true }),
    onSettled: () => refetch(qc),
  });
}

/** POST /saveReservation. */
export const useSaveReservation = () => useBookingCall<SaveReservationBody>('/saveReservation');
/** POST /cancelReservation. */
export const useCancelReservation = () => useBookingCall<CancelReservationBody>('/cancelReservation');
/** POST /markReservationNoShow. */
export const useMarkNoShow = () => useBookingCall<NoShowBody>('/markReservationNoShow');
/** POST /moveReservation. */
export const useMoveReservation = () => useBookingCall<MoveReservationBody>('/moveReservation');
/** POST /addReservationDeposit. */
export const useAddDeposit = () => useBookingCall<AddDepositBody>('/addReservationDeposit');
/** POST /confirmReservation: staff confirm a booking that waits for them (online, by the venue rule). */
export const useConfirmReservation = () => useBookingCall<{ id: number }>('/confirmReservation');
