import type { ReportData } from '@sandbar/contract/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, renderWithProviders } from '../../../test/render';
import { ReportsPage } from './reports-page';

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

const headers = ['Time', 'Invoice', 'Unit(s)', 'Agent', 'Method', 'Price', 'Tip', 'Total', 'Editable', 'ID'];
const row = (id: number) => [
  '2026-07-04 10:00',
  String(id).padStart(6, '0'),
  'MB 1',
  'Casey',
  'Cash',
  '30.00',
  '1.00',
  '31.00',
  1,
  id,
];
/**
 * A page of a 12-row tip search: rows from..to, the whole range's footer, and where the next
 * page starts. The server's pages are 500 rows; small ones keep jsdom quick.
 */
const page = (from: number, to: number, next: string | null): ReportData => ({
  reportType: 'tip',
  reportTitle: 'Transactions 2026-07-01 to 2026-07-04',
  reportHeaders: headers,
  reportRows: Array.from({ length: to - from + 1 }, (_, i) => row(from + i)),
  reportFooter: [['Total (12)', '', '', '', '', '360.00', '12.00', '372.00', '', '']],
  agents: [],
  userList: [],
  reportSettings: { emailAddresses: '' },
  startDate: '2026-07-01',
  startTime: 0,
  endDate: '2026-07-04',
  endTime: 1,
  timeStamp: 1_783_000_000,
  currentDate: '2026-07-04',
  page: { total: 12, next },
});

function serve(pages: Record<string, ReportData>) {
  const fetchMock = vi.fn((url: string) => {
    if (url.includes('/getHotels')) return json({ hotels: [] });
    const q = url.split('?')[1] ?? '';
    if (url.includes('/getSearchReport/')) return json(pages[q]);
    return json({});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function search() {
  renderWithProviders(<ReportsPage />, { user: demoUser('A'), url: '/dailyreports?type=searchSales' });
  await userEvent.click(within(await screen.findByTestId('search-form')).getByRole('button', { name: 'Search' }));
  return screen.findByTestId('search-paging');
}

afterEach(() => vi.unstubAllGlobals());

describe('Reports search', () => {
  it("shows a list search page by page, with the whole range's count and footer", async () => {
    serve({ '': page(1, 5, '1000.5'), 'after=1000.5': page(6, 10, '1000.10'), 'after=1000.10': page(11, 12, null) });
    const paging = await search();
    expect(paging).toHaveTextContent('Showing 5 of 12 transactions, oldest first.');
    // The footer counts the whole range, not the page.
    expect(screen.getByText('Total (12)')).toBeInTheDocument();
    expect(screen.getAllByText('MB 1')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Show 7 more' }));
    await waitFor(() => expect(paging).toHaveTextContent('Showing 10 of 12'));
    expect(screen.getAllByText('MB 1')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Show 2 more' }));
    await waitFor(() => expect(paging).toHaveTextContent('Showing 12 of 12'));
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
  });

  it('the CSV of a paged search holds every row of the range, fetched in the largest pages', async () => {
    const fetchMock = serve({ '': page(1, 5, '1000.5'), 'after=1000.5&limit=5000': page(6, 12, null) });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => {
          blobs.push(b);
          return 'blob:x';
        },
        revokeObjectURL: () => {},
      }),
    );
    await search();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await blobs[0]!.text()).trim().split('\n');
    // Title, headers, 12 rows, the footer.
    expect(lines).toHaveLength(1 + 1 + 12 + 1);
    expect(lines.at(-2)).toContain('000012');
    expect(fetchMock.mock.calls.filter(([u]) => u.includes('limit=5000'))).toHaveLength(1);
  });
});
