import type { PublicFnbPage } from '@sandbar/contract/fnb';
import {
  type FnbLanguage,
  type FnbPayment,
  type FnbTexts,
  fnbLimits,
  fnbName,
  fnbPrice,
} from '@sandbar/contract/fnb-texts';
import { useState } from 'react';
import { type CartLine, cartCents, lineCents } from '../../../lib/fnb-cart';

export interface PayDetails {
  payment: FnbPayment;
  guestName: string;
  hotelId: number | null;
  roomNumber: string;
  lastName: string;
  phoneLast4: string;
}

/** The cart: lines with their choices and notes, how to pay (as this unit offers), Place order. */
export function CartView(props: {
  page: PublicFnbPage;
  lines: CartLine[];
  t: FnbTexts;
  lang: FnbLanguage;
  busy: boolean;
  error: string | null;
  onChange(lines: CartLine[]): void;
  onBack(): void;
  onPlace(details: PayDetails): void;
}) {
  const { page, lines, t, lang } = props;
  const menu = page.menu;
  const offered = page.payments.filter((p) => p !== 'paid');
  const [payment, setPayment] = useState<FnbPayment | null>(offered.length === 1 ? offered[0]! : null);
  const [guestName, setGuestName] = useState('');
  const [hotelId, setHotelId] = useState<number | null>(page.hotels[0]?.id ?? null);
  const [roomNumber, setRoomNumber] = useState('');
  const [lastName, setLastName] = useState('');
  const [phoneLast4, setPhoneLast4] = useState('');
  const total = cartCents(menu, lines);
  const ready =
    lines.length > 0 &&
    payment !== null &&
    (payment !== 'room' || (roomNumber.trim() !== '' && lastName.trim() !== '')) &&
    (payment !== 'tab' || /^\d{4}$/.test(phoneLast4));
  const label: Record<FnbPayment, string> = {
    online: t.guest.payOnline,
    room: t.guest.payRoom,
    tab: t.guest.payTab,
    paid: t.guest.paid,
  };
  return (
    <section aria-labelledby="go-cart-title" data-testid="guest-cart">
      <h2 id="go-cart-title">{t.guest.cart}</h2>
      {lines.length === 0 && <p>{t.guest.cartEmpty}</p>}
      <ul className="go-lines">
        {lines.map((l) => {
          const item = menu.items.find((i) => i.id === l.itemId);
          if (!item) return null;
          const options = item.modifierGroups.flatMap((g) => g.options).filter((o) => l.optionIds.includes(o.id));
          return (
            <li key={l.key} className="go-line" data-testid="cart-line">
              <div>
                <strong>
                  {l.quantity} × {fnbName(lang, item.name, item.nameEs)}
                </strong>
                {options.length > 0 && (
                  <p className="go-small go-muted">{options.map((o) => fnbName(lang, o.name, o.nameEs)).join(', ')}</p>
                )}
                {l.note && <p className="go-small go-muted">“{l.note}”</p>}
              </div>
              <div className="go-line__end">
                <span>{fnbPrice(lineCents(menu, l))}</span>
                <button
                  type="button"
                  className="go-link"
                  onClick={() => props.onChange(lines.filter((x) => x.key !== l.key))}
                  aria-label={`${t.guest.remove} ${fnbName(lang, item.name, item.nameEs)}`}
                >
                  {t.guest.remove}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="go-total">
        <span>{t.guest.subtotal}</span> <strong data-testid="cart-total">{fnbPrice(total)}</strong>
      </p>
      {lines.length > 0 && (
        <>
          <fieldset className="go-choice">
            <legend>{t.guest.howToPay}</legend>
            {offered.map((p) => (
              <label key={p} className="go-option">
                <input type="radio" name="payment" checked={payment === p} onChange={() => setPayment(p)} />
                <span>{label[p]}</span>
              </label>
            ))}
          </fieldset>
          {payment === 'room' && (
            <div>
              {page.hotels.length > 1 && (
                <>
                  <label htmlFor="go-hotel">{t.guest.payRoom}</label>
                  <select
                    id="go-hotel"
                    value={hotelId ?? ''}
                    onChange={(e) => setHotelId(Number(e.currentTarget.value))}
                  >
                    {page.hotels.map((h) => (
                      <option key={h.id} value={h.id}>
                        {h.name}
                      </option>
                    ))}
                  </select>
                </>
              )}
              <label htmlFor="go-room">{t.guest.roomNumber}</label>
              <input
                id="go-room"
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                value={roomNumber}
                onChange={(e) => setRoomNumber(e.currentTarget.value)}
              />
              <label htmlFor="go-surname">{t.guest.surname}</label>
              <input
                id="go-surname"
                autoComplete="family-name"
                maxLength={100}
                value={lastName}
                onChange={(e) => setLastName(e.currentTarget.value)}
              />
              <p className="go-small go-muted">{t.guest.roomHint}</p>
            </div>
          )}
          {payment === 'tab' && (
            <div>
              <label htmlFor="go-last4">{t.guest.tabLast4}</label>
              <input
                id="go-last4"
                inputMode="numeric"
                autoComplete="off"
                pattern="[0-9]{4}"
                maxLength={4}
                value={phoneLast4}
                aria-describedby="go-last4-hint"
                onChange={(e) => setPhoneLast4(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
              />
              <p id="go-last4-hint" className="go-small go-muted">
                {t.guest.tabLast4Hint} {t.guest.tabHint}
              </p>
            </div>
          )}
          <label htmlFor="go-name">{t.guest.name}</label>
          <input
            id="go-name"
            autoComplete="given-name"
            maxLength={100}
            value={guestName}
            onChange={(e) => setGuestName(e.currentTarget.value)}
          />
          {props.error && (
            <p className="go-error" role="alert">
              {props.error}
            </p>
          )}
          <button
            type="button"
            className="go-primary"
            disabled={!ready || props.busy || total > fnbLimits.maxOrderCents}
            onClick={() =>
              payment &&
              props.onPlace({ payment, guestName: guestName.trim(), hotelId, roomNumber, lastName, phoneLast4 })
            }
          >
            {props.busy ? t.guest.placing : t.guest.placeOrder(fnbPrice(total))}
          </button>
        </>
      )}
      <button type="button" className="go-secondary" onClick={props.onBack}>
        {t.guest.menu}
      </button>
    </section>
  );
}
