import type { GuestBookingTexts } from '@sandbar/contract/booking-page';
import type { PublicAvailability } from '@sandbar/contract/reservations';
import { formatMoney } from '@sandbar/contract/rules/money';
import { priceName } from '../guest-language';
import { useId } from 'react';

/**
 * Extras (issue 24 point 4, "choose units and items"): the day's add-ons for the kinds of spot
 * chosen, the same list the sale wizard sells them from. Optional: the simple booking needs no tap
 * here. Check-in finds them chosen in the wizard; they are paid at arrival with the spot.
 */
export function Extras(props: {
  t: GuestBookingTexts;
  locale: string;
  offered: PublicAvailability['prices'];
  chosen: number[];
  onChange(ids: number[]): void;
  /** A hotel's own extras, offered once its rate is chosen: their own heading. */
  legend?: string;
  testId?: string;
}) {
  const { t } = props;
  const id = useId();
  if (props.offered.length === 0) return null;
  return (
    <fieldset
      className="gb-choice gb-extras"
      aria-describedby={`${id}-hint`}
      data-testid={props.testId ?? 'guest-extras'}
    >
      <legend>{props.legend ?? t.extras}</legend>
      <p className="gb-note" id={`${id}-hint`}>
        {t.extrasHint}
      </p>
      {props.offered.map((p) => {
        const on = props.chosen.includes(p.id);
        return (
          <label key={p.id} className="gb-check">
            <input
              type="checkbox"
              checked={on}
              onChange={() => props.onChange(on ? props.chosen.filter((x) => x !== p.id) : [...props.chosen, p.id])}
              data-testid={`guest-extra-${p.id}`}
            />
            <span>{t.extra(priceName(p, props.locale), formatMoney(p.price, { locale: props.locale }))}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
