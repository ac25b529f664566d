import { type GuestBookingTexts, unitTypeName } from '@sandbar/contract/booking-page';
import type { PublicAvailability } from '@sandbar/contract/reservations';
import { formatMoney } from '@sandbar/contract/rules/money';
import { priceName } from '../guest-language';

/** The day's prices of the unit types this location has: the spots first, then the extras. */
export function PriceList(props: {
  t: GuestBookingTexts;
  locale: string;
  prices: PublicAvailability['prices'];
  unitTypes: string[];
  hotels?: PublicAvailability['hotels'];
  /** The venue's online-payment rule: the note under the prices says what is paid when. */
  payment?: 'none' | 'deposit' | 'full';
}) {
  const { t } = props;
  const shown = props.prices
    .filter((p) => props.unitTypes.includes(p.unitType))
    .sort((a, b) => Number(a.addOn) - Number(b.addOn) || Number(Boolean(a.hotelIds)) - Number(Boolean(b.hotelIds)));
  const hotelNames = (ids: number[]) =>
    (props.hotels ?? [])
      .filter((h) => ids.includes(h.id))
      .map((h) => h.name)
      .join(', ');
  if (shown.length === 0) return null;
  return (
    <section className="gb-card" aria-labelledby="gb-prices">
      <h2 id="gb-prices">{t.prices}</h2>
      <ul className="gb-prices" data-testid="guest-prices">
        {shown.map((p) => (
          <li key={p.id}>
            <span>
              {priceName(p, props.locale)}
              <small>
                {p.hotelIds ? `${t.hotelRates(hotelNames(p.hotelIds))} · ` : ''}
                {p.addOn ? '' : `${unitTypeName(t, p.unitType)} · `}
                {t.priceHours(p.startHour, p.endHour)}
              </small>
            </span>
            <strong>{formatMoney(p.price, { locale: props.locale })}</strong>
          </li>
        ))}
      </ul>
      <p className="gb-note">
        {props.payment === 'full'
          ? t.fullOnlineNote
          : props.payment === 'deposit'
            ? t.depositOnlineNote
            : t.payAtArrival}
      </p>
    </section>
  );
}
