import { Group } from '@mantine/core';
import type { SaleHotel } from '@sandbar/contract/sales';
import { ChoiceButton } from './choice-button';
import type { StepProps } from './step-props';

/** Select Hotel: the named chains and Other. */
export function HotelStep({ dispatch, hotels }: StepProps & { hotels: SaleHotel[] }) {
  return (
    <Group>
      {hotels.map((h) => (
        <ChoiceButton
          key={h.id}
          onClick={() => dispatch({ type: 'chooseHotel', hotelId: h.id, isOther: h.isOther === '1' })}
        >
          {h.name}
        </ChoiceButton>
      ))}
    </Group>
  );
}
