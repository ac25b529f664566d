import { Alert, Box, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LiveState, useConnectivity } from '../../../lib/connectivity';
import { useBoardAsOf } from '../lib/offline-board';
import { useVenueClock } from '../../../lib/venue-format';

/** "Offline since hh:mm, the board as of hh:mm" (the venue's clock): shown while the server cannot be reached. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const hhmm = useVenueClock();
  const { online, offlineSince } = useConnectivity();
  const boardAt = useBoardAsOf();
  if (online || offlineSince === null) return null;
  return (
    <Alert color="orange" radius={0} py={6} data-testid="offline-banner" role="status">
      {boardAt
        ? t('offline.offlineBanner', { since: hhmm(offlineSince), asOf: hhmm(boardAt) })
        : t('offline.offlineBannerNoBoard', { since: hhmm(offlineSince) })}
    </Alert>
  );
}

const dotColour: Record<LiveState, string> = {
  open: 'var(--mantine-color-green-4)',
  connecting: 'var(--mantine-color-yellow-4)',
  closed: 'var(--mantine-color-red-5)',
};

/** The live-event stream's state as a small dot in the top bar. */
export function LiveDot() {
  const { t } = useTranslation();
  const { live, online } = useConnectivity();
  const state: LiveState = online ? live : 'closed';
  // Only the board listens to live events: elsewhere there is no stream to show.
  if (online && live === 'closed') return null;
  const label =
    state === 'open'
      ? t('offline.liveConnected')
      : state === 'connecting'
        ? t('offline.liveConnecting')
        : t('offline.liveOffline');
  return (
    <Tooltip label={label}>
      <Box
        role="img"
        aria-label={label}
        data-testid="live-dot"
        data-state={state}
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: dotColour[state], border: '1px solid white', flex: 'none' }}
      />
    </Tooltip>
  );
}
