import { BookingsPage } from '../features/bookings/pages/bookings-page';
import { useBoardEvents } from '../features/dashboard/hooks/use-board-events';

/**
 * /bookings hearing the live event stream as the board does (issue 33 point 7: a guest's payment,
 * an expiry or another desk's change refetches the grid, the lists and the payment links).
 * Composed here: features do not import each other (decision 160).
 */
export function BookingsLivePage() {
  useBoardEvents();
  return <BookingsPage />;
}
