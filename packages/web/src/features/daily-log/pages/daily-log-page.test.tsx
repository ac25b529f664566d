import type { DailyLogList, DailyLogResponse } from '@sandbar/contract/daily-log';
import { messages } from '@sandbar/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, renderWithProviders } from '../../../test/render';
import { DailyLogPage } from './daily-log-page';

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const fields: DailyLogList['dailyLogFieldData'] = [
  {
    fieldName: 'tearA',
    fieldType: 'text',
    fieldLabel: 'Tear A',
    placeholder: '',
    colSize: 3,
    category: 'Tear Down',
    options: [],
  },
  {
    fieldName: 'setupB',
    fieldType: 'number',
    fieldLabel: 'Setup B',
    placeholder: '',
    colSize: 3,
    category: 'Setup',
    options: [],
  },
];
const list: DailyLogList = {
  pageType: 'list',
  dailyLogs: [{ id: 7, logDate: '2026-07-04' }],
  dailyLogFieldData: fields,
  venueName: 'Test Beach',
};
const one: DailyLogResponse = {
  pageType: 'edit',
  data: { id: 7, logDate: '2026-07-04', data: { setupB: { value: '12', user: 'MM' } } },
  dailyLogFieldData: fields,
  venueName: 'Test Beach',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('DailyLogPage', () => {
  it('goes list → edit with the last editor, and back to the form on a save without a date', async () => {
    const fetchMock = vi.fn((url: string) => json(200, url.endsWith('/getDailyLogList') ? list : one));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DailyLogPage />, { user: demoUser('M') });
    const row = await screen.findByTestId('daily-log-2026-07-04');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit 2026-07-04' }));
    expect(await screen.findByText('Test Beach')).toBeInTheDocument();
    expect(screen.getByLabelText(/Setup B/)).toHaveValue(12);
    expect(screen.getByTestId('editor-setupB')).toHaveTextContent('MM');
    // Categories in the configured order, whatever order the fields came in.
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Setup', 'Tear Down']);
    await userEvent.clear(screen.getByLabelText('Date'));
    await userEvent.click(within(screen.getByTestId('daily-log-buttons-top')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('form-errors')).toHaveTextContent(messages.dailyLog.dateBlank);
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/saveDailyLog'))).toBe(false);
    await userEvent.click(
      within(screen.getByTestId('daily-log-buttons-bottom')).getByRole('button', { name: 'Cancel' }),
    );
    expect(await screen.findByRole('button', { name: messages.dailyLog.add })).toBeInTheDocument();
  });

  it('starts a new log on today in the venue time zone, not the tablet’s', async () => {
    // 02:30 UTC on July 5 is 22:30 on July 4 at a New York venue (the tests run in UTC).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.UTC(2026, 6, 5, 2, 30)));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(200, { ...list, dailyLogs: [] })),
    );
    renderWithProviders(<DailyLogPage />, { user: demoUser('M', { timeZone: 'America/New_York' }) });
    await userEvent.click(await screen.findByRole('button', { name: messages.dailyLog.add }));
    expect(await screen.findByLabelText('Date')).toHaveValue('2026-07-04');
  });
});
