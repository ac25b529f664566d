import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { PmsConnection, PmsConnector, PmsDirectory, PmsHttpOptions } from '../../platform/pms';
import { mewsConnector } from './mews/mews.adapter';
import { operaConnector } from './opera/opera.adapter';
import { type RosterLookup, rosterConnector } from './roster/roster.adapter';

/**
 * The adapters by connection kind (issue 34), for the composition root. The roster's lookup is
 * handed in (it reads the hotel's guest list); the others speak HTTP with a time-out.
 */
export function pmsDirectory(opts: {
  db: Kysely<DB>;
  roster: (db: Kysely<DB>, hotelId: number) => RosterLookup;
  http?: Partial<PmsHttpOptions>;
}): PmsDirectory {
  const http: PmsHttpOptions = { timeoutMs: 4000, ...opts.http };
  // One connector per connection as saved (its token and room list cached in it); a changed
  // connection makes a new one.
  const cache = new Map<string, PmsConnector>();
  const make = (c: PmsConnection): PmsConnector => {
    const cred = (k: string) => c.credentials[k] ?? '';
    if (c.kind === 'mews') {
      return mewsConnector(
        {
          endpoint: c.endpoint,
          serviceId: c.propertyCode,
          clientToken: cred('clientToken'),
          accessToken: cred('accessToken'),
          currency: c.currency,
        },
        http,
      );
    }
    if (c.kind === 'opera') {
      return operaConnector(
        {
          endpoint: c.endpoint,
          hotelId: c.propertyCode,
          clientId: cred('clientId'),
          clientSecret: cred('clientSecret'),
          appKey: cred('appKey'),
          enterpriseId: cred('enterpriseId'),
          currency: c.currency,
        },
        http,
      );
    }
    return rosterConnector(opts.roster(opts.db, c.hotelId));
  };
  return {
    connector(c) {
      const key = JSON.stringify(c);
      let found = cache.get(key);
      if (!found) {
        if (cache.size > 200) cache.clear();
        found = make(c);
        cache.set(key, found);
      }
      return found;
    },
  };
}
