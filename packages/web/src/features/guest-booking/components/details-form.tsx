import type { GuestBookingTexts } from '@sandbar/contract/booking-page';
import { useEffect, useId, useRef, useState } from 'react';

export interface GuestDetails {
  guestName: string;
  phone: string;
  email: string;
  partySize: number;
  arrival: string;
  /** A hotel rate: the hotel, and the room and surname the server checks on its list. */
  hotelId?: number | null;
  roomNumber?: string;
  lastName?: string;
}

const emailish = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One field takes a mobile number or an e-mail (whichever the guest types), so the form needs no
 * extra tap to pick one. The same checks as the server's schema, said before the call.
 */
export function readContact(contact: string): { phone: string; email: string } | 'blank' | 'invalid' {
  const c = contact.trim();
  if (!c) return 'blank';
  if (c.includes('@')) return emailish.test(c) ? { phone: '', email: c } : 'invalid';
  return c.replace(/\D/g, '').length >= 7 && /^[\d\s()+.-]+$/.test(c) ? { phone: c, email: '' } : 'invalid';
}

/** Name, contact, party, arrival and the venue's policy: the second half of the one booking screen. */
export function DetailsForm(props: {
  t: GuestBookingTexts;
  /** The form's heading and what it is for (the booking's details, or the waitlist's). */
  title: string;
  chosen: string;
  submitLabel: string;
  /** The waitlist asks no arrival time: the day is not yet theirs. */
  withArrival?: boolean;
  policy: string;
  /** Hotels whose guests have a rate for the chosen spots; none: no rate to choose. */
  hotels?: { id: number; name: string }[];
  busy: boolean;
  error: string;
  children?: React.ReactNode;
  /** Told when the guest picks a hotel's rate (null: the regular rate). */
  onHotel?(hotelId: number | null): void;
  /** Shown under the room and surname while a hotel's rate is chosen (that hotel's own extras). */
  hotelChildren?(hotel: { id: number; name: string }): React.ReactNode;
  testId?: string;
  onSubmit(details: GuestDetails): void;
}) {
  const { t } = props;
  const id = useId();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [party, setParty] = useState(2);
  const [arrival, setArrival] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [hotelId, setHotelId] = useState<number | null>(null);
  const chooseHotel = (id: number | null) => {
    setHotelId(id);
    props.onHotel?.(id);
  };
  const [room, setRoom] = useState('');
  const [surname, setSurname] = useState('');
  const [problems, setProblems] = useState<{ name?: string; contact?: string; policy?: string; hotel?: string }>({});
  // Each refused submit (a new object even when the problems are the same ones) brings the first
  // field in error into view and gives it the focus: on a phone the errors were above the screen
  // with the focus left on the button (issue 32). Its message is announced by its role="alert"
  // and read again with the field (aria-describedby).
  const [refused, setRefused] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refused === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [refused]);
  const hotels = props.hotels ?? [];
  // A rate for hotels no longer offered (other spots chosen) falls back to the regular rate.
  const hotel = hotels.find((h) => h.id === hotelId) ?? null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const c = readContact(contact);
    const found = {
      name: name.trim() ? undefined : t.nameBlank,
      contact: c === 'blank' ? t.contactBlank : c === 'invalid' ? t.contactInvalid : undefined,
      policy: accepted ? undefined : t.policyBlank,
      hotel: hotel && (!room.trim() || !surname.trim()) ? t.errors.hotelNeedsGuest : undefined,
    };
    setProblems(found);
    if (found.name || found.contact || found.policy || found.hotel || typeof c === 'string') {
      setRefused((n) => n + 1);
      return;
    }
    props.onSubmit({
      guestName: name.trim(),
      ...c,
      partySize: party,
      arrival,
      ...(hotel ? { hotelId: hotel.id, roomNumber: room.trim(), lastName: surname.trim() } : {}),
    });
  };

  return (
    <form
      ref={form}
      className="gb-card gb-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-h`}
      data-testid={props.testId ?? 'guest-form'}
    >
      <h2 id={`${id}-h`}>{props.title}</h2>
      {props.chosen && (
        <p className="gb-chosen" data-testid="guest-chosen">
          {props.chosen}
        </p>
      )}
      {props.children}
      <label htmlFor={`${id}-name`}>{t.name}</label>
      <input
        id={`${id}-name`}
        name="name"
        autoComplete="name"
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={Boolean(problems.name)}
        aria-describedby={problems.name ? `${id}-name-err` : undefined}
        data-testid="guest-name"
      />
      {problems.name && (
        <p className="gb-error" id={`${id}-name-err`} role="alert">
          {problems.name}
        </p>
      )}
      <label htmlFor={`${id}-contact`}>{t.contact}</label>
      <input
        id={`${id}-contact`}
        name="contact"
        autoComplete="tel"
        maxLength={200}
        value={contact}
        onChange={(e) => setContact(e.target.value)}
        aria-invalid={Boolean(problems.contact)}
        aria-describedby={`${id}-contact-hint${problems.contact ? ` ${id}-contact-err` : ''}`}
        data-testid="guest-contact"
      />
      <p className="gb-note" id={`${id}-contact-hint`}>
        {t.contactHint}
      </p>
      {problems.contact && (
        <p className="gb-error" id={`${id}-contact-err`} role="alert">
          {problems.contact}
        </p>
      )}
      <div className="gb-pair">
        <div>
          <label htmlFor={`${id}-party`}>{t.partySize}</label>
          <select
            id={`${id}-party`}
            value={party}
            onChange={(e) => setParty(Number(e.target.value))}
            data-testid="guest-party"
          >
            {Array.from({ length: 12 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        {props.withArrival !== false && (
          <div>
            <label htmlFor={`${id}-arrival`}>{t.arrival}</label>
            <input
              id={`${id}-arrival`}
              type="time"
              value={arrival}
              onChange={(e) => setArrival(e.target.value)}
              data-testid="guest-arrival"
            />
          </div>
        )}
      </div>
      {hotels.length > 0 && (
        <fieldset className="gb-choice" data-testid="guest-rate">
          <legend>{t.rate}</legend>
          <label>
            <input type="radio" name={`${id}-rate`} checked={!hotel} onChange={() => chooseHotel(null)} />
            <span>{t.regularRate}</span>
          </label>
          {hotels.map((h) => (
            <label key={h.id}>
              <input
                type="radio"
                name={`${id}-rate`}
                checked={hotel?.id === h.id}
                onChange={() => chooseHotel(h.id)}
                data-testid={`guest-rate-${h.id}`}
              />
              <span>{t.hotelRate(h.name)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {hotel && (
        <div className="gb-hotel" data-testid="guest-hotel">
          <p className="gb-note" id={`${id}-hotel-hint`}>
            {t.hotelRateHint}
          </p>
          <div className="gb-pair">
            <div>
              <label htmlFor={`${id}-room`}>{t.roomNumber}</label>
              <input
                id={`${id}-room`}
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                value={room}
                onChange={(e) => setRoom(e.target.value)}
                aria-invalid={Boolean(problems.hotel && !room.trim())}
                aria-describedby={`${id}-hotel-hint${problems.hotel ? ` ${id}-hotel-err` : ''}`}
                data-testid="guest-room"
              />
            </div>
            <div>
              <label htmlFor={`${id}-surname`}>{t.surname}</label>
              <input
                id={`${id}-surname`}
                autoComplete="family-name"
                maxLength={100}
                value={surname}
                onChange={(e) => setSurname(e.target.value)}
                aria-invalid={Boolean(problems.hotel && !surname.trim())}
                aria-describedby={`${id}-hotel-hint${problems.hotel ? ` ${id}-hotel-err` : ''}`}
                data-testid="guest-surname"
              />
            </div>
          </div>
          {problems.hotel && (
            <p className="gb-error" id={`${id}-hotel-err`} role="alert">
              {problems.hotel}
            </p>
          )}
          {props.hotelChildren?.(hotel)}
        </div>
      )}
      <h3>{t.policy}</h3>
      <p className="gb-policy" data-testid="guest-policy">
        {props.policy}
      </p>
      <label className="gb-check">
        <input
          type="checkbox"
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
          aria-invalid={Boolean(problems.policy)}
          aria-describedby={problems.policy ? `${id}-policy-err` : undefined}
          data-testid="guest-accept"
        />
        <span>{t.acceptPolicy}</span>
      </label>
      {problems.policy && (
        <p className="gb-error" id={`${id}-policy-err`} role="alert">
          {problems.policy}
        </p>
      )}
      {props.error && (
        <p className="gb-error" role="alert" data-testid="guest-error">
          {props.error}
        </p>
      )}
      <button type="submit" className="gb-primary" disabled={props.busy} data-testid="guest-book">
        {props.busy ? t.booking : props.submitLabel}
      </button>
    </form>
  );
}
