import type { HoldUnitBody, HoldUnitResponse } from '@sandbar/contract/sales';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /holdUnit: 'Add More Unit(s)' holds the unit for the cart (status 1, ten minutes). */
export const holdUnit = (body: HoldUnitBody) => api<HoldUnitResponse>('/holdUnit', { method: 'POST', body });

export const useHoldUnit = () => useMutation({ mutationFn: holdUnit });
