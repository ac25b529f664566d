import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { pwaUpdateStore } from '../lib/pwa-update';
import { IDLE_MS, UpdatePrompt } from './update-prompt';

// A new version is offered only at an idle moment, never mid-sale (issue 13).
describe('UpdatePrompt', () => {
  afterEach(() => {
    vi.useRealTimers();
    pwaUpdateStore.set({ needRefresh: false, apply: () => undefined });
  });

  it('waits while busy and after each touch, then offers the reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let busy = true;
    const apply = vi.fn();
    renderWithProviders(<UpdatePrompt isBusy={() => busy} />);
    act(() => pwaUpdateStore.set({ needRefresh: true, apply }));
    await act(async () => vi.advanceTimersByTimeAsync(IDLE_MS * 3));
    expect(screen.queryByText('New version — reload')).toBeNull();

    busy = false;
    act(() => window.dispatchEvent(new Event('pointerdown')));
    await act(async () => vi.advanceTimersByTimeAsync(IDLE_MS - 100));
    expect(screen.queryByText('New version — reload')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByText('New version — reload')).toBeVisible();
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    expect(apply).toHaveBeenCalledOnce();
  });
});
