import type { GuestBookingTexts, GuestLanguage } from '@sandbar/contract/booking-page';
import type { PublicBooking } from '@sandbar/contract/reservations';
import { formatMoney } from '@sandbar/contract/rules/money';
import { holdsUnits } from '@sandbar/contract/rules/reservation';
import { useEffect, useState } from 'react';
import {
  abandonManagedBooking,
  cancelManagedBooking,
  getManagedBooking,
  keepOffer,
  startLinkPayment,
} from '../api/public-booking';
import { formatDay } from '../guest-language';
import { guestError } from './book-page';

/**
 * /book/manage/<token>: the link of the confirmation text or e-mail. The guest sees their booking
 * (nothing of anyone else) and may cancel it while it still holds its units.
 */
export function ManagePage({ t, lang, token }: { t: GuestBookingTexts; lang: GuestLanguage; token: string }) {
  const [booking, setBooking] = useState<PublicBooking | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [justCancelled, setJustCancelled] = useState(false);
  const [justKept, setJustKept] = useState(false);

  // Back from the payment page (issue 33): ?paid=1 after paying, ?paid=0 after giving up there.
  const [returned] = useState(() => new URLSearchParams(window.location.search));
  const paidReturn = returned.get('paid');
  const declined = returned.get('declined') === '1';
  useEffect(() => {
    const first = paidReturn === '0' ? abandonManagedBooking(token) : getManagedBooking(token);
    first.then(setBooking).catch((err: unknown) => setError(err));
  }, [token, paidReturn]);
  // The provider may send the guest back before its webhook: ask again until the payment is known.
  const confirming = paidReturn === '1' && booking?.status === 'held' && booking.payment?.state === 'due';
  useEffect(() => {
    if (!confirming) return;
    const timer = window.setTimeout(() => {
      getManagedBooking(token)
        .then(setBooking)
        .catch(() => undefined);
    }, 1500);
    return () => window.clearTimeout(timer);
  }, [confirming, booking, token]);

  const cancel = () => {
    setBusy(true);
    setError(null);
    cancelManagedBooking(token)
      .then((b) => {
        setBooking(b);
        setJustCancelled(true);
        setAsking(false);
      })
      .catch((err: unknown) => setError(err))
      .finally(() => setBusy(false));
  };

  const keep = () => {
    setBusy(true);
    setError(null);
    keepOffer(token)
      .then((b) => {
        setBooking(b);
        setJustKept(true);
      })
      .catch((err: unknown) => setError(err))
      .finally(() => setBusy(false));
  };
  // A payment link's booking (issue 33 point 7): Pay opens the provider's page from here; an
  // outage is said and the spots stay held.
  const payLink = () => {
    setBusy(true);
    setError(null);
    startLinkPayment(token)
      .then(({ payUrl }) => window.location.assign(payUrl))
      .catch((err: unknown) => {
        setError(err);
        setBusy(false);
      });
  };
  const pay = booking?.payment && booking.payment.state !== 'none' ? booking.payment : null;
  const money = (m: string) => formatMoney(m, { locale: lang === 'es' ? 'es-US' : 'en-US' });
  // A waitlist offer (held with a time, no payment asked) is kept by a tap; a held payment is paid.
  const offer = booking?.status === 'held' && booking.holdExpiresAt !== null && !pay;
  // Times by the beach's clock (the venue's zone), not the phone's: the hold ends at the beach.
  const timeZone = booking?.timeZone;
  const until = (ms: number) =>
    new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
      ms,
    );

  // What the venue's cut-off does to a deposit on account, said before the guest confirms.
  const outcome = booking?.cancelOutcome;
  const cancelNote =
    outcome && outcome.outcome !== 'none'
      ? (outcome.outcome === 'refund' ? t.cancelRefund : t.cancelForfeit)(
          formatMoney(outcome.outcome === 'refund' && outcome.refund ? outcome.refund : outcome.deposit, {
            locale: lang === 'es' ? 'es-US' : 'en-US',
          }),
          new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', {
            dateStyle: 'medium',
            timeStyle: 'short',
            timeZone,
          }).format(outcome.cutoffAt),
        )
      : null;

  return (
    <main className="gb-main" data-testid="guest-manage">
      <h1>{t.manageTitle}</h1>
      {!booking && !error && <p aria-live="polite">{t.loading}</p>}
      {error !== null && (
        <p className="gb-card gb-error" role="alert" data-testid="guest-error">
          {guestError(error, t, lang)}
        </p>
      )}
      {booking && pay && (
        <section className="gb-card" aria-live="polite" data-testid="guest-payment" data-state={pay.state}>
          {confirming ? (
            <>
              <h2 data-testid="guest-confirming">{t.confirming}</h2>
              <p>{t.confirmingNote}</p>
            </>
          ) : pay.state === 'paid' && paidReturn === '1' && holdsUnits(booking.status) ? (
            <>
              <h2 data-testid="guest-paid">{t.paidTitle}</h2>
              <p>{t.paidNote(money(pay.paid))}</p>
            </>
          ) : paidReturn === '0' && booking.status === 'cancelled' && pay.state !== 'paid' ? (
            <p className="gb-error" role="alert" data-testid="guest-not-paid">
              {declined ? t.declined : t.notPaid}
            </p>
          ) : pay.state === 'late' ? (
            <p data-testid="guest-late">{t.latePayment}</p>
          ) : pay.state === 'due' && booking.holdExpiresAt !== null ? (
            <p data-testid="guest-pay-held">
              {paidReturn === '0'
                ? t.payLinkNotYet(until(booking.holdExpiresAt))
                : t.payLinkHeld(money(pay.amount), until(booking.holdExpiresAt))}
            </p>
          ) : null}
          {pay.state === 'due' && pay.payUrl && !confirming && (
            <a className="gb-primary" href={pay.payUrl} data-testid="guest-pay-now">
              {t.payNow(money(pay.amount))}
            </a>
          )}
          {pay.state === 'due' && !pay.payUrl && !confirming && (
            <button type="button" className="gb-primary" disabled={busy} onClick={payLink} data-testid="guest-pay-now">
              {t.payNow(money(pay.amount))}
            </button>
          )}
          {/* Nothing paid or refunded yet: no "Paid online: $0.00" under the Pay button. */}
          {(pay.paid !== '0.00' || pay.refunded !== '0.00' || pay.refundPending !== '0.00') && (
            <dl className="gb-facts">
              <dt>{t.payment}</dt>
              {/* One value cell: a second <dd> would fall into the term's column of the grid. */}
              <dd>
                <span className="gb-fact-line" data-testid="guest-paid-line">
                  {t.paidLine(money(pay.paid))}
                </span>
                {pay.refunded !== '0.00' && (
                  <span className="gb-fact-line" data-testid="guest-refunded-line">
                    {t.refundedLine(money(pay.refunded))}
                  </span>
                )}
                {pay.refundPending !== '0.00' && (
                  <span className="gb-fact-line" data-testid="guest-refund-pending-line">
                    {t.refundPendingLine(money(pay.refundPending))}
                  </span>
                )}
              </dd>
            </dl>
          )}
        </section>
      )}
      {booking && (
        <section className="gb-card">
          {offer && (
            <div className="gb-offer" data-testid="guest-offer">
              <h2>{t.offerTitle}</h2>
              <p>{t.offerKeepBy(until(booking.holdExpiresAt!))}</p>
              <button type="button" className="gb-primary" disabled={busy} onClick={keep} data-testid="guest-keep">
                {t.keepIt}
              </button>
            </div>
          )}
          {justKept && (
            <p className="gb-ok" role="status" data-testid="guest-kept">
              {t.kept}
            </p>
          )}
          {justCancelled && (
            <p className="gb-ok" role="status" data-testid="guest-cancelled">
              {t.cancelled}
            </p>
          )}
          <dl className="gb-facts">
            <dt>{t.status}</dt>
            <dd data-testid="guest-status">
              {booking.status === 'held' && pay?.state === 'due' ? t.awaitingPayment : t.statuses[booking.status]}
            </dd>
            <dt>{t.day}</dt>
            <dd>
              {formatDay(booking.day, lang)} · {t.windows[booking.window]}
            </dd>
            <dt>{t.location}</dt>
            <dd data-testid="guest-location">{booking.locationName}</dd>
            <dt>{t.units}</dt>
            <dd data-testid="guest-units">{booking.units.join(', ')}</dd>
            {booking.items.length > 0 && (
              <>
                <dt>{t.extrasShort}</dt>
                <dd data-testid="guest-items">{booking.items.join(', ')}</dd>
              </>
            )}
            <dt>{t.guest}</dt>
            <dd>
              {booking.guestName} · {t.party(booking.partySize)}
              {booking.arrival ? ` · ${booking.arrival}` : ''}
            </dd>
          </dl>
          <h2>{t.policy}</h2>
          <p className="gb-policy" data-testid="guest-manage-policy">
            {lang === 'es' ? (booking.policyEs ?? booking.policy) : booking.policy}
          </p>
          {holdsUnits(booking.status) &&
            (asking ? (
              <div className="gb-confirm" role="group" aria-label={t.cancelSure}>
                <p>{t.cancelSure}</p>
                {cancelNote && (
                  <p
                    className="gb-note"
                    data-testid="guest-cancel-outcome"
                    data-outcome={booking.cancelOutcome!.outcome}
                  >
                    {cancelNote}
                  </p>
                )}
                <button
                  type="button"
                  className="gb-danger"
                  disabled={busy}
                  onClick={cancel}
                  data-testid="guest-cancel-yes"
                >
                  {t.cancelYes}
                </button>
                <button type="button" className="gb-secondary" onClick={() => setAsking(false)}>
                  {t.cancelNo}
                </button>
              </div>
            ) : (
              <button type="button" className="gb-secondary" onClick={() => setAsking(true)} data-testid="guest-cancel">
                {t.cancelBooking}
              </button>
            ))}
          {!holdsUnits(booking.status) && !justCancelled && booking.status !== 'cancelled' && (
            <p className="gb-note">{t.cannotCancel}</p>
          )}
        </section>
      )}
    </main>
  );
}
