import type { PublicFnbOrder } from '@sandbar/contract/fnb';
import { type FnbLanguage, type FnbOrderStatus, type FnbTexts, fnbName, fnbPrice } from '@sandbar/contract/fnb-texts';

/** The guest's steps, in order (voided stands apart). Ready is the runner's pick-up: shown as preparing's end. */
const steps: FnbOrderStatus[] = ['received', 'preparing', 'on_way', 'delivered'];

/** Where an order is on the guest's four steps: ready counts as still being prepared. */
function stepIndex(status: FnbOrderStatus): number {
  if (status === 'ready') return 1;
  return steps.indexOf(status);
}

/** One order's live status: received → preparing → on its way → delivered, and how it is paid. */
export function OrderStatus({ order, t, lang }: { order: PublicFnbOrder; t: FnbTexts; lang: FnbLanguage }) {
  const at = stepIndex(order.status);
  const voided = order.status === 'voided';
  // A card order not paid yet is nowhere near the bar: it says so, not "The bar has your order".
  const unpaid = order.payment === 'online' && !order.paid && !voided;
  return (
    <article
      className="go-card"
      data-testid="order-status"
      data-status={order.status}
      data-paid={order.paid}
      aria-labelledby={`go-o-${order.id}`}
    >
      <h2 id={`go-o-${order.id}`}>{t.guest.orderNumber(order.number)}</h2>
      {voided ? (
        <p className="go-error">
          {t.guest.statusHint.voided} {order.voidReason ? t.guest.voidReason(order.voidReason) : ''}
        </p>
      ) : unpaid ? (
        <p aria-live="polite" data-testid="status-text">
          <strong>{t.guest.payOnlinePending}</strong>
        </p>
      ) : (
        <>
          <ol className="go-steps" aria-label={t.guest.statusTitle}>
            {steps.map((s, i) => (
              <li
                key={s}
                className={i < at ? 'go-step go-step--done' : i === at ? 'go-step go-step--now' : 'go-step'}
                aria-current={i === at ? 'step' : undefined}
              >
                {t.guest.statuses[s]}
              </li>
            ))}
          </ol>
          <p aria-live="polite" data-testid="status-text">
            <strong>{t.guest.statuses[order.status]}</strong> — {t.guest.statusHint[order.status]}
          </p>
        </>
      )}
      <ul className="go-lines">
        {order.lines.map((l) => (
          <li key={l.id} className="go-line">
            <div>
              {l.quantity} × {fnbName(lang, l.name, l.nameEs)}
              {l.modifiers.length > 0 && (
                <p className="go-small go-muted">
                  {l.modifiers.map((m) => fnbName(lang, m.name, m.nameEs)).join(', ')}
                </p>
              )}
              {l.note && <p className="go-small go-muted">“{l.note}”</p>}
            </div>
            <span>{fnbPrice(l.totalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="go-total">
        <span>
          {order.payment === 'tab'
            ? t.guest.onTab
            : order.payment === 'room'
              ? t.guest.onRoom
              : order.paid
                ? t.guest.paid
                : t.guest.payOnlinePending}
        </span>{' '}
        <strong>{fnbPrice(order.totalCents)}</strong>
      </p>
    </article>
  );
}
