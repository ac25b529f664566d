import { type FnbLanguage, fnbLimits, fnbTextsIn } from '@sandbar/contract/fnb-texts';
import type { AppDeps } from '../../platform/deps';
import { tooManyRequests } from '../../platform/errors';

// Reads of the guest's order page per address (issue 35: "limits per unit and address like the
// guest page"): its page and its status polls, at most fnbLimits.maxReadsPerAddressPerMinute a
// minute, counted in this instance's memory (a fixed minute window). Orders have their own,
// exact limits (orders.service.ts); a read costs little, so N instances allowing N times the
// reads is accepted here.

const windows = new WeakMap<object, { minute: number; counts: Map<string, number> }>();

/** Counts one read of `ip`; 429 in the guest's language once over the limit. */
export function takeRead(deps: Pick<AppDeps, 'events' | 'clock'>, ip: string, lang: FnbLanguage): void {
  const minute = Math.floor(deps.clock.now() / 60_000);
  let w = windows.get(deps.events);
  if (!w || w.minute !== minute) windows.set(deps.events, (w = { minute, counts: new Map() }));
  const n = (w.counts.get(ip) ?? 0) + 1;
  w.counts.set(ip, n);
  if (n > fnbLimits.maxReadsPerAddressPerMinute) throw tooManyRequests(fnbTextsIn(lang).errors.tooManyReads);
}
