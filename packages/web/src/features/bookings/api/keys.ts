/** Query keys of bookings; a booking change also refetches the board (its tiles show bookings). */
export const bookingsKeys = {
  all: ['bookings'] as const,
  board: (day: string, locationId: number | null) => ['bookings', 'board', day, locationId] as const,
};
