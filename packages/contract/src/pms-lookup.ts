import { z } from 'zod';

// Issue 34, point 2: the room-charge step asks the hotel's PMS, live, whether a guest of this
// surname is in house in this room. The answer says where it came from: the PMS (the guest's name
// and reservation shown to staff to confirm), or the roster when the PMS did not answer in time
// or answered something unusable (then with a warning: the charge posts when the PMS is back).

/**
 * found: the PMS has the guest in house. notInHouse: the PMS answered and has no such guest.
 * unreachable: the PMS did not answer usefully (time-out, error, garbage, breaker open); the
 * roster decided. roster: the hotel has no PMS connection (the roster decides, as always).
 */
export const LiveLookupStatus = z.enum(['found', 'notInHouse', 'unreachable', 'roster']);
export type LiveLookupStatus = z.infer<typeof LiveLookupStatus>;

export const LiveGuest = z.object({
  /** "Ana Smith", as the PMS has it. */
  name: z.string(),
  room: z.string(),
  /** The reservation's number as the hotel says it (confirmation number), or its id. */
  reservation: z.string(),
});
export type LiveGuest = z.infer<typeof LiveGuest>;

/** searchWyndham's `live` part: only for a hotel connected to a PMS, with a room and surname given. */
export const LiveLookup = z.object({
  status: LiveLookupStatus,
  guest: LiveGuest.nullable(),
  /** The hotel's vacation-owner rule sends this room to the regular prices. */
  vacationOwner: z.boolean(),
  /** The warning in English (the screens show pmsLookupTexts in the app's language by status). */
  warning: z.string().nullable(),
});
export type LiveLookup = z.infer<typeof LiveLookup>;

export const pmsLookupTexts = {
  unreachable: 'PMS unreachable — checked against the roster; the charge will post when it is back.',
  notInHouse:
    'The hotel system has no guest of that last name in house in that room. Check the room or use manual entry.',
  found: 'Guest in house (hotel system)',
  room: 'Room',
  reservation: 'Reservation',
  vacationOwner: 'Vacation owner: regular prices.',
};

export const pmsLookupTextsEs: typeof pmsLookupTexts = {
  unreachable:
    'Sistema del hotel sin respuesta — verificado con la lista de huéspedes; el cargo se enviará cuando vuelva.',
  notInHouse:
    'El sistema del hotel no tiene ningún huésped con ese apellido alojado en esa habitación. Revise la habitación o use la entrada manual.',
  found: 'Huésped alojado (sistema del hotel)',
  room: 'Habitación',
  reservation: 'Reserva',
  vacationOwner: 'Propietario vacacional: precios regulares.',
};

export const pmsLookupTextsIn = (lang: string) => (lang === 'es' ? pmsLookupTextsEs : pmsLookupTexts);
