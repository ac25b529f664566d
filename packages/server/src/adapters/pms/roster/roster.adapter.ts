import { type PmsTestStep, pmsServerTexts as T } from '@sandbar/contract/pms';
import type { ChargeRequest, InHouseGuest, PmsConnector, Posted } from '../../../platform/pms';

// The guest roster (CSV uploaded on the hotel's page): the default connection and the fallback
// when a PMS does not answer. Nothing is posted anywhere: the hotel's RoomCharge report is how a
// roster hotel learns of its charges, as before issue 34.

export interface RosterLookup {
  /** The roster's rule (rosterGuest): a guest of this surname in this room, or null. */
  find(room: string, surname: string): Promise<{ guestName: string; room: string } | null>;
  count(): Promise<number>;
}

export function rosterConnector(lookup: RosterLookup): PmsConnector {
  return {
    kind: 'roster',
    async findInHouseGuest(room: string, surname: string): Promise<InHouseGuest[]> {
      const g = await lookup.find(room, surname);
      return g
        ? [{ reservationId: '', accountId: '', room: g.room, surname, displayName: g.guestName, confirmation: '' }]
        : [];
    },
    async postCharge(c: ChargeRequest): Promise<Posted> {
      return { reference: `roster:${c.key}` };
    },
    async findPosted(): Promise<Posted | null> {
      return null;
    },
    async test(): Promise<PmsTestStep[]> {
      const n = await lookup.count();
      return [{ step: T.rosterStep, ok: n > 0, detail: n > 0 ? T.rosterGuests(n) : T.rosterNone }];
    },
  };
}
