/** Query keys of bookings; a booking change also refetches the board (its tiles show bookings). */
export const bookingsKeys = {
  all: ['bookings'] as const,
  board: (day: string, locationId: number | null) => ['bookings', 'board', day, locationId] as const,
  list: (day: string, status: string) => ['bookings', 'list', day, status] as const,
};
