import type { CheckItemPriceBody, CheckItemPriceResponse } from '@sandbar/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /checkItemPrice: retail value of the chosen items. Failures are only logged (spec section 8). */
export const checkItemPriceQuery = (body: {
  itemType: number[];
  extraCharge: boolean;
  roomChargeHotel: number | null;
}) =>
  queryOptions({
    queryKey: ['checkItemPrice', body] as const,
    queryFn: () =>
      api<CheckItemPriceResponse>('/checkItemPrice', {
        method: 'POST',
        body: {
          itemType: body.itemType,
          extraCharge: body.extraCharge ? '1' : '0',
          roomChargeHotel: body.roomChargeHotel ?? '',
        } satisfies CheckItemPriceBody,
        silent: true,
      }).catch((err: unknown) => {
        console.warn('checkItemPrice failed', err);
        return null;
      }),
    enabled: body.itemType.length > 0,
  });

export const useCheckItemPrice = (body: Parameters<typeof checkItemPriceQuery>[0]) =>
  useQuery(checkItemPriceQuery(body));
