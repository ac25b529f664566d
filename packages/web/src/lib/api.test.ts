import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, MUTATION_ATTEMPTS, api } from './api';
import { connectivity } from './connectivity';

// Flaky links (issue 13): a mutation is retried with back-off when no answer comes, never after
// a refusal; a read is tried once (queries refetch by themselves).
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    connectivity.reportReached();
  });

  it('retries a mutation on network failures with growing gaps, then succeeds', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { success: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const done = api<{ success: number }>('/markOccupied', { body: { unitId: 1 }, silent: true });
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toEqual({ success: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(connectivity.get().online).toBe(true);
  });

  it('never retries a 4xx', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(409, { details: 'Taken.' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/saveCustomer', { body: {}, silent: true })).rejects.toMatchObject({ status: 409 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after MUTATION_ATTEMPTS with a network error and marks the tablet offline', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    const done = api('/saveCustomer', { body: {}, silent: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    const err = await done;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    // (the offline probe of /api/health runs alongside)
    const saves = fetchMock.mock.calls.filter(([url]) => url === '/api/saveCustomer');
    expect(saves).toHaveLength(MUTATION_ATTEMPTS);
    expect(connectivity.get().online).toBe(false);
  });

  it('tries a read once', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/getUnits', { silent: true })).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
