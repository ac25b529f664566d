import { type FnbLanguage, fnbLimits, fnbTextsIn } from '@sandbar/contract/fnb-texts';
import type { AppDeps } from '../../platform/deps';
import { tooManyRequests } from '../../platform/errors';

// Reads of the guest's order page (issue 35: "limits per unit and address like the guest page"):
// its page and its status polls, at most fnbLimits.maxReadsPerAddressPerMinute a minute per address
// and unit code, and fnbLimits.maxReadsPerAddressAllCodesPerMinute per address over all codes — a
// beach's guest Wi-Fi is one address for every phone on it, and 40 phones polling the menu would
// otherwise have used up one address's reads. Counted in this instance's memory (a fixed minute
// window). Orders have their own, exact limits (orders.service.ts); a read costs little, so N
// instances allowing N times the reads is accepted here.

const windows = new WeakMap<object, { minute: number; counts: Map<string, number> }>();

/** Counts one read of `ip` on the code `token`; 429 in the guest's language once over a limit. */
export function takeRead(deps: Pick<AppDeps, 'events' | 'clock'>, ip: string, token: string, lang: FnbLanguage): void {
  const minute = Math.floor(deps.clock.now() / 60_000);
  let w = windows.get(deps.events);
  if (!w || w.minute !== minute) windows.set(deps.events, (w = { minute, counts: new Map() }));
  const count = (key: string) => {
    const n = (w.counts.get(key) ?? 0) + 1;
    w.counts.set(key, n);
    return n;
  };
  const atCode = count(`${ip} ${token.slice(0, 64)}`);
  const atAddress = count(ip);
  if (atCode > fnbLimits.maxReadsPerAddressPerMinute || atAddress > fnbLimits.maxReadsPerAddressAllCodesPerMinute)
    throw tooManyRequests(fnbTextsIn(lang).errors.tooManyReads);
}
