import { Alert, Center, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useVenueClock } from '../../../lib/venue-format';
import { useFnbTexts } from '../use-fnb-texts';

/** "Offline since 14:05" while the live stream is down (the venue's clock), like the board's banner. */
export function OfflineSince({ since }: { since: number | null }) {
  const { t } = useFnbTexts();
  const hhmm = useVenueClock();
  if (since === null) return null;
  return (
    <Alert color="orange" radius={0} py={6} role="status" data-testid="station-offline">
      {t.station.offlineSince(hhmm(since))}
    </Alert>
  );
}

/** A station's or the runner's list before it has tickets: loading, the error, or "No orders". */
export function ListState({ pending, error, empty }: { pending: boolean; error: unknown; empty: boolean }) {
  const { t } = useFnbTexts();
  return (
    <>
      {pending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {error != null && (
        <Alert color="red" mx="md">
          {(error as Error).message}
        </Alert>
      )}
      {empty && (
        <Text c="dimmed" px="md" py="xl" ta="center" size="lg">
          {t.station.noOrders}
        </Text>
      )}
    </>
  );
}

/** Now, ticking every `ms`: ages on a ticket move without a refetch. */
export function useNow(ms = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/**
 * A short two-tone chime through Web Audio (no sound file to download or cache). A browser lets a
 * page play sound only after a tap on it, so the station starts muted with "Tap to turn the sound on".
 */
export function useChime() {
  const ctx = useRef<AudioContext | null>(null);
  const [on, setOn] = useState(false);
  const enable = () => {
    try {
      ctx.current ??= new AudioContext();
      void ctx.current.resume();
      setOn(true);
    } catch {
      setOn(false);
    }
  };
  const play = () => {
    const c = ctx.current;
    if (!on || !c) return;
    const t0 = c.currentTime;
    for (const [i, f] of [880, 1320].entries()) {
      const o = c.createOscillator();
      const g = c.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t0 + i * 0.18);
      g.gain.exponentialRampToValueAtTime(0.4, t0 + i * 0.18 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + i * 0.18 + 0.3);
      o.connect(g).connect(c.destination);
      o.start(t0 + i * 0.18);
      o.stop(t0 + i * 0.18 + 0.32);
    }
  };
  return { on, enable, disable: () => setOn(false), play };
}
