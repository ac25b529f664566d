import type { DashboardData } from '@sandbar/contract/units';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { unitsKeys } from '../api/keys';
import { applyBoardEvent } from './use-board-events';

vi.mock('../../../lib/api', () => ({ api: vi.fn() }));

// Issue 25, big venues: an event touching many units of one location refetches only that
// location's part of the day (?locationIds=) and splices it into the cached board, which stays
// whole (the offline copy keeps every location the tablet shows).

const location = (id: number, status: number) => ({
  id,
  locationId: id,
  name: `L${id}`,
  fullName: `Location ${id}`,
  umbrellas: 1,
  umbrellaRows: 1,
  units: [
    [
      {
        id: id * 100,
        unitType: 'U',
        unitNumber: 1,
        unitStatus: status,
        location: `L${id}`,
        locationId: id,
        row: 1,
        position: 1,
        totalPrice: '0.00',
        paymentMethod: '',
        umbrellaType: 'U',
        version: status,
        customers: [],
        heldBy: null,
      },
    ],
  ],
  totals: { units: 1, occupied: status ? 1 : 0, empty: status ? 0 : 1, revenue: '0.00' },
});

const board = (status: number, ids = [1, 2, 3]): DashboardData => ({
  locations: ids.map((id) => location(id, status)),
  hotels: [],
  startTime: 1767225600,
  endTime: 1798761600,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  startDOY: 1,
  endDOY: 365,
  currentDay: '2026-07-15',
  currentTime: 1784088000,
  dom: 15,
  doy: 196,
  today: '2026-07-15',
  totalUnits: ids.length,
  totalLocationUnits: Object.fromEntries(ids.map((id) => [String(id), 1])),
  noLocations: false,
  editable: true,
  search: null,
});

const manyUnits = Array.from({ length: 12 }, (_, i) => 200 + i);

describe('live board events', () => {
  let qc: QueryClient;
  beforeEach(() => {
    vi.mocked(api).mockReset();
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    qc.setQueryData(unitsKeys.board('today'), board(0));
  });

  it('refetches only the changed location when many of its units change', async () => {
    vi.mocked(api).mockResolvedValueOnce(board(1, [2]));
    const before = qc.getQueryData<DashboardData>(unitsKeys.board('today'))!;
    await applyBoardEvent(qc, { type: 'release', day: '2026-07-15', unitIds: manyUnits, locationIds: [2, 9] });
    expect(vi.mocked(api)).toHaveBeenCalledWith('/getUnits?locationIds=2', { silent: true });
    const after = qc.getQueryData<DashboardData>(unitsKeys.board('today'))!;
    expect(after.locations.map((l) => l.units[0]![0]!.unitStatus)).toEqual([0, 1, 0]);
    // The untouched locations are the same objects (their memoised strips do not re-render).
    expect(after.locations[0]).toBe(before.locations[0]);
    expect(after.locations[2]).toBe(before.locations[2]);
  });

  it('refetches the whole day when the event touches every location shown', async () => {
    const spy = vi.spyOn(qc, 'invalidateQueries');
    await applyBoardEvent(qc, { type: 'release', day: '2026-07-15', unitIds: manyUnits, locationIds: [1, 2, 3] });
    expect(vi.mocked(api)).not.toHaveBeenCalled();
    expect(spy).toHaveBeenCalledWith({ queryKey: unitsKeys.board('today'), exact: true });
  });
});
