import type { HoldUnitBody, HoldUnitResponse } from '@sandbar/contract/sales';
import type { UnitDetail } from '@sandbar/contract/units';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api, isNetworkError } from '../../../lib/api';
import { connectivity } from '../../../lib/connectivity';
import { toastError } from '../../../lib/notify';

/**
 * POST /holdUnit: 'Add More Unit(s)' holds the unit for the cart (status 1, ten minutes). A
 * refusal is toasted unless `silent` (the card step shows it beside Ready to Swipe instead).
 */
export const holdUnit = async (body: HoldUnitBody, opts: { silent?: boolean } = {}): Promise<HoldUnitResponse> => {
  try {
    return connectivity.get().online
      ? await api<HoldUnitResponse>('/holdUnit', { method: 'POST', body, attempts: 2, silent: true, deadlineMs: 5000 })
      : await offlineHold(body);
  } catch (err) {
    if (isNetworkError(err)) return offlineHold(body);
    if (err instanceof ApiError && !opts.silent) toastError(err.details);
    throw err;
  }
};

/**
 * Offline (issue 13) a cart is kept on this tablet only: nothing can be held on the server, so the
 * unit is described from the kept board and the queued sale claims it when it is sent.
 */
async function offlineHold(body: HoldUnitBody): Promise<HoldUnitResponse> {
  const u = await api<UnitDetail>(`/getUnit/${body.unitId}`, { silent: true });
  return {
    status: 1,
    details: 'Added to the order on this tablet (offline).',
    unit: {
      unitId: u.id,
      unitType: u.unitType,
      unitNumber: u.unitNumber,
      unitLocation: u.location,
      locationId: u.locationId,
      unitRow: u.row,
      unitPosition: u.position,
      holdExpiresAt: Date.now() + 10 * 60_000,
    },
  };
}

export const useHoldUnit = (opts: { silent?: boolean } = {}) =>
  useMutation({ mutationFn: (body: HoldUnitBody) => holdUnit(body, opts) });
