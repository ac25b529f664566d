import type {
  FnbOrder,
  FnbOrderResponse,
  FnbRunnerView,
  FnbStationView,
  FnbTab,
  SaveFnbOrderBody,
} from '@sandbar/contract/fnb';
import type { FnbStation } from '@sandbar/contract/fnb-texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { fnbKeys } from './keys';

/** GET /getFnbStation/:station : open tickets, oldest first (refetched on every fnbOrder event). */
export const useStation = (station: FnbStation) =>
  useQuery({
    queryKey: fnbKeys.station(station),
    queryFn: () => api<FnbStationView>(`/getFnbStation/${station}`),
    // The live event is the primary path; this only heals a missed one (and the ages tick by themselves).
    refetchInterval: 60_000,
  });

/** GET /getFnbRunner : ready and on-its-way orders grouped by row. */
export const useRunner = () =>
  useQuery({ queryKey: fnbKeys.runner, queryFn: () => api<FnbRunnerView>('/getFnbRunner'), refetchInterval: 60_000 });

/** GET /getFnbOrders?unitId= or ?locationId= : today's orders (the unit modal, the board's markers). */
export const useFnbOrders = (q: { unitId?: number; day?: string }, enabled = true) =>
  useQuery({
    queryKey: fnbKeys.orders(q),
    queryFn: () => {
      const s = new URLSearchParams();
      if (q.unitId) s.set('unitId', String(q.unitId));
      if (q.day) s.set('day', q.day);
      return api<{ orders: FnbOrder[] }>(`/getFnbOrders?${s.toString()}`, { silent: true });
    },
    enabled,
  });

/** GET /getFnbUnitTab/:unitId : the unit's tab today, or null. */
export const useUnitTab = (unitId: number) =>
  useQuery({
    queryKey: fnbKeys.unitTab(unitId),
    queryFn: () => api<{ tab: FnbTab | null }>(`/getFnbUnitTab/${unitId}`, { silent: true }),
  });

function useOrderMutation<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<FnbOrderResponse>(path, { method: 'POST', body, silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: fnbKeys.all }),
  });
}

/** POST /bumpFnbOrder : the station's ticket moves on (received → preparing → ready). */
export const useBump = () => useOrderMutation<{ orderId: number; station: FnbStation }>('/bumpFnbOrder');
/** POST /moveFnbOrder : the runner's steps (ready → on_way → delivered). */
export const useMoveOrder = () =>
  useOrderMutation<{ orderId: number; status: 'on_way' | 'delivered' }>('/moveFnbOrder');
/** POST /voidFnbOrder : with a reason. */
export const useVoidOrder = () => useOrderMutation<{ orderId: number; reason: string }>('/voidFnbOrder');
/** POST /saveFnbOrder : a staff order from the unit modal (the offline queue sends the same body). */
export const saveFnbOrder = (body: SaveFnbOrderBody) =>
  api<FnbOrderResponse>('/saveFnbOrder', { method: 'POST', body, silent: true });
