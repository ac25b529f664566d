import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePwaUpdate } from '../lib/pwa-update';

/** How long the tablet must be untouched before a new version is offered. */
export const IDLE_MS = 15_000;

/**
 * "New version — reload", offered only at an idle moment: `isBusy` (composed in app/: a unit
 * open, a cart in progress) is false and nobody touched the screen for IDLE_MS. The new service
 * worker waits until staff tap Reload, so a sale is never interrupted by an update.
 */
export function UpdatePrompt({ isBusy }: { isBusy: () => boolean }) {
  const { t } = useTranslation();
  const { needRefresh, apply } = usePwaUpdate();
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (!needRefresh) return;
    let timer = 0;
    const check = () => {
      window.clearTimeout(timer);
      setIdle(false);
      timer = window.setTimeout(function tick() {
        if (isBusy()) timer = window.setTimeout(tick, IDLE_MS);
        else setIdle(true);
      }, IDLE_MS);
    };
    check();
    const events = ['pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, check, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, check);
    };
  }, [needRefresh, isBusy]);

  if (!needRefresh || !idle) return null;
  return (
    <Paper
      role="status"
      shadow="md"
      p="sm"
      withBorder
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 400 }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('offline.newVersion')}
        </Text>
        <Button size="xs" onClick={apply}>
          {t('offline.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
