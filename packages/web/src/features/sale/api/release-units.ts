import type { ReleaseUnitsBody, ReleaseUnitsResponse } from '@sandbar/contract/sales';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /releaseUnits: 'Cancel Order', or one unit removed from the cart. */
export const releaseUnits = (body: ReleaseUnitsBody) =>
  api<ReleaseUnitsResponse>('/releaseUnits', { method: 'POST', body });

export const useReleaseUnits = () => useMutation({ mutationFn: releaseUnits });
