import { type GuestLanguage, type GuestBookingTexts, guestServerText } from '@sandbar/contract/booking-page';
import type { BookingUnit, PublicAvailability, PublicBookingResponse } from '@sandbar/contract/reservations';
import { type BookingWindow, bookingWindows } from '@sandbar/contract/rules/reservation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GuestApiError, bookOnline, getAvailability, joinWaitlist } from '../api/public-booking';
import { DetailsForm, type GuestDetails } from '../components/details-form';
import { Extras } from '../components/extras';
import { PriceList } from '../components/price-list';
import { GridLegend, UnitGrid, unitLabel } from '../components/unit-grid';
import { formatDay } from '../guest-language';
import { unitTypeName } from '@sandbar/contract/booking-page';
import { amountDueCents, bookingTotalCents } from '@sandbar/contract/rules/booking-payment';
import { formatMoney } from '@sandbar/contract/rules/money';

/** The server's refusal in the guest's words; a dropped connection says so. */
export function guestError(err: unknown, t: GuestBookingTexts, lang: GuestLanguage): string {
  if (err instanceof GuestApiError) {
    if (err.status === 0) return t.offline;
    return err.details ? guestServerText(err.details, lang) : t.errors.server;
  }
  return t.errors.server;
}

/** A dropped connection, a limit or a server fault: asking again may work; a 4xx refusal will not. */
export function worthRetrying(err: unknown): boolean {
  return !(err instanceof GuestApiError) || err.status === 0 || err.status === 429 || err.status >= 500;
}

/**
 * /book (issue 24 point 4): one screen, phone first. Day, place and time on top; the place's units
 * on the board's grid; tapping free units opens the details under them; Book. The confirmation
 * replaces the screen and names where the manage link was sent.
 */
export function BookPage({ t, lang }: { t: GuestBookingTexts; lang: GuestLanguage }) {
  const [day, setDay] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [timeWindow, setTimeWindow] = useState<BookingWindow>('full');
  const [selected, setSelected] = useState<number[]>([]);
  const [extras, setExtras] = useState<number[]>([]);
  const [data, setData] = useState<PublicAvailability | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [bookError, setBookError] = useState<unknown>(null);
  const [done, setDone] = useState<{ result: PublicBookingResponse; contact: string } | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const [waitOpen, setWaitOpen] = useState(false);
  const [waitType, setWaitType] = useState('');
  const [waitError, setWaitError] = useState<unknown>(null);
  const [waited, setWaited] = useState<{ position: number; contact: string } | null>(null);

  // Only the last asked answer is shown: the first load (today) coming back after the guest had
  // already picked another day showed today's grid under the day picked, and booked today.
  const asked = useRef(0);
  const load = useCallback((d: string | null) => {
    const mine = ++asked.current;
    setLoadError(null);
    getAvailability(d, null)
      .then((a) => {
        if (mine === asked.current) setData(a);
      })
      .catch((err: unknown) => {
        if (mine === asked.current) setLoadError(err);
      });
  }, []);
  useEffect(() => load(day), [day, load]);
  useEffect(() => {
    if (done || waited) doneHeading.current?.focus();
  }, [done, waited]);

  const location = data ? (data.locations.find((l) => l.id === locationId) ?? data.locations[0]) : undefined;
  const units = location?.rows.flat() ?? [];
  const chosenLabels = units.filter((u) => selected.includes(u.unitId)).map((u) => `${location!.name} ${unitLabel(u)}`);
  const locale = lang === 'es' ? 'es-US' : 'en-US';
  const chosenTypes = new Set(units.filter((u) => selected.includes(u.unitId)).map((u) => u.unitType));
  // The day's add-ons for the kinds chosen: everyone's, and a hotel's own once its rate is chosen
  // (the server accepts those only with that hotel's guest checked on the roster).
  const [rateHotel, setRateHotel] = useState<number | null>(null);
  const addOnsFor = (hotelId: number | null) =>
    (data?.prices ?? []).filter(
      (p) => p.addOn && chosenTypes.has(p.unitType) && (hotelId === null ? !p.hotelIds : p.hotelIds?.includes(hotelId)),
    );
  // Hotels whose guests have a rate for a kind of spot chosen (the spot itself, not an extra).
  const ratedHotels = (data?.hotels ?? []).filter((h) =>
    data!.prices.some((p) => !p.addOn && chosenTypes.has(p.unitType) && p.hotelIds?.includes(h.id)),
  );
  const everyonesExtras = addOnsFor(null);
  // A hotel no longer offered (the spots changed) has no extras here.
  const hotelExtras = rateHotel !== null && ratedHotels.some((h) => h.id === rateHotel) ? addOnsFor(rateHotel) : [];
  const offeredExtras = [...everyonesExtras, ...hotelExtras];
  // What the venue asks to pay now (issue 33): the server's own rule over the day's prices.
  // A location may ask its own (decision 300): its rule and deposit replace the venue's there.
  const ownRule = data?.locationPayments?.find((l) => l.locationId === location?.id);
  const payRule =
    data?.payment && (ownRule ? { ...data.payment, rule: ownRule.rule, deposit: ownRule.deposit } : data.payment);
  const dueCents =
    payRule && payRule.rule !== 'none' && rateHotel === null
      ? amountDueCents(
          payRule.rule,
          payRule.deposit,
          bookingTotalCents({
            prices: (data?.prices ?? [])
              .filter((p) => !p.hotelIds)
              .map((p) => ({ ...p, cents: Math.round(Number(p.price) * 100) })),
            unitTypes: units.filter((u) => selected.includes(u.unitId)).map((u) => u.unitType),
            days: 1,
            window: timeWindow,
            splitHour: payRule.splitHour,
            itemIds: extras.filter((x) => everyonesExtras.some((p) => p.id === x)),
          }),
        )
      : 0;
  const [goingToPay, setGoingToPay] = useState(false);
  // The details form goes when no spot is chosen, and with it the rate chosen there.
  useEffect(() => {
    if (selected.length === 0) setRateHotel(null);
  }, [selected.length]);

  const toggle = (u: BookingUnit) => {
    setNotice('');
    setBookError(null);
    if (selected.includes(u.unitId)) return setSelected(selected.filter((x) => x !== u.unitId));
    if (data && selected.length >= data.maxUnits) return setNotice(t.maxReached(data.maxUnits));
    setSelected([...selected, u.unitId]);
  };
  const restart = () => {
    setSelected([]);
    setExtras([]);
    setNotice('');
    setBookError(null);
    setWaitOpen(false);
    setWaitError(null);
  };

  const joinLine = (d: GuestDetails) => {
    if (!data || !location) return;
    setBusy(true);
    setWaitError(null);
    joinWaitlist({
      day: data.day,
      locationId: location.id,
      unitType: waitType,
      window: timeWindow,
      guestName: d.guestName,
      phone: d.phone,
      email: d.email,
      partySize: d.partySize,
      acceptPolicy: true,
      languageCode: lang,
    })
      .then((r) => setWaited({ position: r.position, contact: d.phone || d.email }))
      .catch((err: unknown) => setWaitError(err))
      .finally(() => setBusy(false));
  };

  const book = (d: GuestDetails) => {
    if (!data || selected.length === 0) return setNotice(t.chooseFirst);
    setBusy(true);
    setBookError(null);
    bookOnline({
      day: data.day,
      unitIds: selected,
      window: timeWindow,
      // Extras of a kind no longer chosen (a spot untapped) are not sent.
      itemIds: extras.filter((x) => offeredExtras.some((p) => p.id === x)),
      ...d,
      acceptPolicy: true,
      languageCode: lang,
    })
      .then((result) => {
        // The booking waits for its payment: on to the provider's page (issue 33).
        if (result.payUrl) {
          setGoingToPay(true);
          window.location.assign(result.payUrl);
          return;
        }
        setDone({ result, contact: d.phone || d.email });
      })
      .catch((err: unknown) => {
        setBookError(err);
        // Someone was quicker: show the grid as it is now; the guest picks again.
        if (err instanceof GuestApiError && err.status === 409) {
          setSelected([]);
          load(data.day);
        }
      })
      .finally(() => setBusy(false));
  };

  if (goingToPay) {
    return (
      <main className="gb-main" data-testid="guest-going-to-pay">
        <p className="gb-card" aria-live="polite">
          {t.goingToPay}
        </p>
      </main>
    );
  }

  if (done) {
    const b = done.result.booking;
    return (
      <main className="gb-main" data-testid="guest-done">
        <section className="gb-card gb-done">
          <h1 ref={doneHeading} tabIndex={-1}>
            {b.status === 'held' ? t.held : t.booked}
          </h1>
          <p className="gb-big">
            {b.units.join(', ')} · {formatDay(b.day, lang)} · {t.windows[b.window]}
          </p>
          {b.items.length > 0 && <p data-testid="guest-done-extras">{t.chosenExtras(b.items.join(', '))}</p>}
          {b.status === 'held' && <p>{t.heldNote}</p>}
          <p data-testid="guest-sent-to">{t.sentTo(done.contact)}</p>
          <p>{t.payAtArrival}</p>
          <a className="gb-primary" href={done.result.manageUrl} data-testid="guest-manage-link">
            {t.manageLink}
          </a>
          <button
            type="button"
            className="gb-secondary"
            onClick={() => {
              setDone(null);
              restart();
              load(b.day);
            }}
          >
            {t.bookAnother}
          </button>
        </section>
      </main>
    );
  }

  if (waited && data) {
    return (
      <main className="gb-main" data-testid="guest-waitlisted">
        <section className="gb-card gb-done">
          <h1 ref={doneHeading} tabIndex={-1}>
            {t.waitlisted}
          </h1>
          <p className="gb-big">
            {location?.fullName} · {formatDay(data.day, lang)} · {t.windows[timeWindow]}
          </p>
          <p>{t.waitlistedNote(waited.position)}</p>
          <p>{t.waitlistHint(data.offerMinutes)}</p>
          <button
            type="button"
            className="gb-secondary"
            onClick={() => {
              setWaited(null);
              restart();
            }}
          >
            {t.bookAnother}
          </button>
        </section>
      </main>
    );
  }

  const bookable = units.some((u) => u.state !== 'dark' && !u.walkIn);
  const anyFree = units.some((u) => !u.walkIn && (u.state === 'free' || u.state === 'reserved'));
  return (
    <main className="gb-main">
      <h1>{data?.venueName ? t.pageTitle(data.venueName) : t.docTitle}</h1>
      <section className="gb-card gb-pick">
        <label htmlFor="gb-day">{t.day}</label>
        <input
          id="gb-day"
          type="date"
          value={data?.day ?? day ?? ''}
          min={data?.today}
          max={data?.lastDay}
          onChange={(e) => {
            const v = e.target.value;
            if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return;
            setDay(v);
            restart();
          }}
          data-testid="guest-day"
        />
        {data && <p className="gb-note">{formatDay(data.day, lang)}</p>}
        {data && data.locations.length > 1 && (
          <fieldset className="gb-choice">
            <legend>{t.location}</legend>
            {data.locations.map((l) => (
              <label key={l.id}>
                <input
                  type="radio"
                  name="gb-location"
                  checked={l.id === location?.id}
                  onChange={() => {
                    setLocationId(l.id);
                    restart();
                  }}
                  data-testid={`guest-location-${l.name}`}
                />
                <span>{l.fullName}</span>
              </label>
            ))}
          </fieldset>
        )}
        <fieldset className="gb-choice">
          <legend>{t.window}</legend>
          {bookingWindows.map((w) => (
            <label key={w}>
              <input
                type="radio"
                name="gb-window"
                checked={w === timeWindow}
                onChange={() => {
                  setTimeWindow(w);
                  restart();
                }}
                data-testid={`guest-window-${w}`}
              />
              <span>{t.windows[w]}</span>
            </label>
          ))}
        </fieldset>
      </section>
      {!data && !loadError && <p aria-live="polite">{t.loading}</p>}
      {loadError !== null && (
        <div className="gb-card" role="alert">
          <p className="gb-error">{guestError(loadError, t, lang)}</p>
          {/* A refusal (a past day, one too far ahead) is not mended by asking again: only a dropped
              connection, a busy or failing server gets Try again (issue 32). */}
          {worthRetrying(loadError) && (
            <button type="button" className="gb-secondary" onClick={() => load(day)}>
              {t.retry}
            </button>
          )}
        </div>
      )}
      {bookError !== null && selected.length === 0 && (
        <p className="gb-error gb-card" role="alert" data-testid="guest-error">
          {guestError(bookError, t, lang)}
        </p>
      )}
      {data && !location && <p className="gb-card">{t.noUnits}</p>}
      {location && (
        <section className="gb-card" aria-labelledby="gb-units">
          <h2 id="gb-units">{location.fullName}</h2>
          <p className="gb-note">{bookable && anyFree ? t.chooseUnits(data!.maxUnits) : t.noneFree}</p>
          <UnitGrid t={t} location={location} window={timeWindow} selected={selected} onToggle={toggle} />
          <GridLegend t={t} walkIn={units.some((u) => u.walkIn)} />
          <p className="gb-notice" aria-live="polite">
            {notice}
          </p>
        </section>
      )}
      {data && location && selected.length > 0 && (
        <DetailsForm
          t={t}
          title={t.yourDetails}
          chosen={t.chosenUnits(chosenLabels.join(', '))}
          submitLabel={t.book(selected.length)}
          policy={lang === 'es' ? (data.policyEs ?? data.policy) : data.policy}
          hotels={ratedHotels}
          busy={busy}
          error={bookError ? guestError(bookError, t, lang) : ''}
          onSubmit={book}
          onHotel={setRateHotel}
          hotelChildren={(h) => (
            <Extras
              t={t}
              locale={locale}
              offered={hotelExtras}
              chosen={extras}
              onChange={setExtras}
              legend={t.hotelExtras(h.name)}
              testId="guest-hotel-extras"
            />
          )}
        >
          <Extras t={t} locale={locale} offered={everyonesExtras} chosen={extras} onChange={setExtras} />
          {dueCents > 0 && payRule && (
            <p className="gb-note" data-testid="guest-pay-due">
              {(payRule.rule === 'full' ? t.payDueFull : t.payDue)(
                formatMoney((dueCents / 100).toFixed(2), { locale, currency: payRule.currency }),
                payRule.holdMinutes,
              )}{' '}
              {t.payRefundShare(payRule.refundPercent)}
            </p>
          )}
        </DetailsForm>
      )}
      {data && location && selected.length === 0 && !waitOpen && (
        <button
          type="button"
          className="gb-secondary gb-card"
          onClick={() => setWaitOpen(true)}
          data-testid="guest-waitlist-open"
        >
          {t.waitlistOpen}
        </button>
      )}
      {data && location && selected.length === 0 && waitOpen && (
        <DetailsForm
          t={t}
          title={t.waitlistTitle}
          chosen={t.waitlistHint(data.offerMinutes)}
          submitLabel={t.waitlistJoin}
          withArrival={false}
          policy={lang === 'es' ? (data.policyEs ?? data.policy) : data.policy}
          busy={busy}
          error={waitError ? guestError(waitError, t, lang) : ''}
          testId="guest-waitlist-form"
          onSubmit={joinLine}
        >
          <label htmlFor="gb-wait-type">{t.unitType}</label>
          <select id="gb-wait-type" value={waitType} onChange={(e) => setWaitType(e.target.value)}>
            <option value="">{t.anyType}</option>
            {[...new Set(units.filter((u) => u.state !== 'dark' && !u.walkIn).map((u) => u.unitType))].map((c) => (
              <option key={c} value={c}>
                {unitTypeName(t, c)}
              </option>
            ))}
          </select>
        </DetailsForm>
      )}
      {data && location && (
        <PriceList
          t={t}
          locale={locale}
          prices={data.prices}
          hotels={data.hotels}
          payment={payRule?.rule}
          unitTypes={[...new Set(units.filter((u) => u.state !== 'dark').map((u) => u.unitType))]}
        />
      )}
    </main>
  );
}
