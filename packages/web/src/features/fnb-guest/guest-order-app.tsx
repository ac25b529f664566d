import type { FnbItem, PublicFnbOrder, PublicFnbPage, PublicFnbTab } from '@sandbar/contract/fnb';
import { type FnbLanguage, type FnbTexts, fnbLanguages, fnbPrice } from '@sandbar/contract/fnb-texts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CartLine, addLine, cartCents, cartCount, toLinesIn } from '../../lib/fnb-cart';
import { newId } from '../../lib/new-id';
import { OrderApiError, getOrderPage, getOrderStatus, getOrderTab, payTabOnline, placeOrder } from './api/public-order';
import { CartView, type PayDetails } from './components/cart-view';
import { ItemSheet } from './components/item-sheet';
import { MenuList } from './components/menu-list';
import { OrderStatus } from './components/status-view';
import { refusalText, useOrderLanguage } from './guest-order-language';
import { keepOrderKey, keptOrderKeys } from './orders-kept';
import './guest-order.css';

/** The code's token from /order/<token>, else null. */
export function orderToken(pathname: string): string | null {
  const m = /^\/order\/([A-Za-z0-9_-]{16,64})\/?$/.exec(pathname);
  return m ? m[1]! : null;
}

/** How often an open order's status is asked while the page is shown (the phone's live status). */
const POLL_MS = 2500;
/**
 * How often the open menu (or cart) is read again, so an 86 at the bar reaches the phone
 * (decision 365): every 10 s while it is shown, and at once when the phone shows the page again.
 */
const MENU_REFRESH_MS = 10_000;
const finished = (o: PublicFnbOrder) => o.status === 'delivered' || o.status === 'voided';

const names: Record<FnbLanguage, string> = { en: 'English', es: 'Español' };

type View = { kind: 'menu' } | { kind: 'item'; item: FnbItem } | { kind: 'cart' } | { kind: 'status' };

/** What the page says on the way back from the payment page. */
type Notice = 'notPaid' | 'tabPaid' | null;

/** The way back from the provider's page: paid (?paid=<n>, ?tabPaid=1) or not (?notPaid=1). */
function returnFromPayment(search: string): { notice: Notice; toStatus: boolean } {
  const q = new URLSearchParams(search);
  if (q.has('notPaid')) return { notice: 'notPaid', toStatus: true };
  if (q.has('tabPaid')) return { notice: 'tabPaid', toStatus: false };
  return { notice: null, toStatus: q.has('paid') };
}

/**
 * /order/<token> (issue 35 point 3): the guest scanned the code on their unit. Menu → item →
 * cart → pay (online, room, the unit's tab) → live status. Phone first, its own small bundle.
 */
export function GuestOrderApp() {
  const { lang, t, setLang } = useOrderLanguage();
  const [token] = useState(() => orderToken(window.location.pathname));
  const [page, setPage] = useState<PublicFnbPage | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [view, setView] = useState<View>({ kind: 'menu' });
  const [lines, setLines] = useState<CartLine[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [orders, setOrders] = useState<PublicFnbOrder[]>([]);
  const [keys, setKeys] = useState<string[]>(() => (token ? keptOrderKeys(token) : []));
  // One id per order being placed: a retry after a lost answer is the same order on the server.
  const clientOrderId = useRef(newId());
  const [tabLast4, setTabLast4] = useState('');
  // The unit's tab: its total only for this phone once it gave the party's last 4 (decision 355),
  // read again whenever one of its orders moves.
  const [tab, setTab] = useState<PublicFnbTab['tab']>(null);
  const [tabProven, setTabProven] = useState(false);
  const [tabError, setTabError] = useState<string | null>(null);
  const [back] = useState(() => returnFromPayment(window.location.search));
  const [notice, setNotice] = useState<Notice>(back.notice);

  useEffect(() => {
    document.title = t.guest.docTitle;
  }, [t]);

  const load = useCallback(() => {
    if (!token) return;
    getOrderPage(token, lang)
      .then((p) => {
        setPage(p);
        setLoadError(null);
      })
      .catch((err: unknown) => {
        setLoadError(
          err instanceof OrderApiError && err.status !== 0
            ? refusalText(t, err.details) || t.guest.badCode
            : t.guest.offline,
        );
      });
  }, [token, lang, t]);
  useEffect(load, [load]);
  // An item 86'd at the bar reaches the phone within 10 s while the menu or the cart is shown, at
  // once when the phone is woken or the cart opened (and as a refusal naming it if it is already
  // in the cart when the order is sent).
  const shown = view.kind === 'menu' || view.kind === 'cart';
  useEffect(() => {
    if (!shown) return;
    const id = window.setInterval(() => !document.hidden && load(), MENU_REFRESH_MS);
    const onShow = () => !document.hidden && load();
    document.addEventListener('visibilitychange', onShow);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [shown, load]);
  useEffect(() => {
    if (view.kind === 'cart') load();
  }, [view.kind, load]);

  // Back from the payment page (?paid=<number>, or ?notPaid=1 after Decline / Abandon): its
  // order's key was kept before leaving, so the status shows it; the number in the address is
  // never used to ask for an order (decision 357).
  useEffect(() => {
    if (!token) return;
    if (back.toStatus && keptOrderKeys(token).length > 0) setView({ kind: 'status' });
  }, [token, back]);

  // Live status: asked every few seconds while an order is open and the page is in view.
  const open = orders.some((o) => !finished(o)) || (keys.length > 0 && orders.length === 0);
  useEffect(() => {
    if (!token || keys.length === 0) return;
    let stop = false;
    let timer: number | undefined;
    const ask = () => {
      getOrderStatus(token, keys)
        .then((r) => !stop && setOrders(r.orders))
        .catch(() => undefined)
        .finally(() => {
          if (!stop && open) timer = window.setTimeout(ask, document.hidden ? POLL_MS * 4 : POLL_MS);
        });
    };
    ask();
    const onShow = () => !document.hidden && (window.clearTimeout(timer), ask());
    document.addEventListener('visibilitychange', onShow);
    return () => {
      stop = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [token, keys, open]);

  const orderKey = orders.map((o) => `${o.id}:${o.status}`).join();
  useEffect(() => {
    if (!token || !/^\d{4}$/.test(tabLast4)) return;
    getOrderTab(token, { phoneLast4: tabLast4, languageCode: lang })
      .then((r) => {
        setTab(r.tab);
        setTabProven(true);
        setTabError(null);
      })
      .catch((err: unknown) =>
        setTabError(err instanceof OrderApiError && err.status !== 0 ? refusalText(t, err.details) : t.guest.offline),
      );
  }, [token, tabLast4, lang, orderKey, t]);

  if (!token) {
    return (
      <main className="go-page">
        <p className="go-error">{t.guest.badCode}</p>
      </main>
    );
  }

  const place = (d: PayDetails) => {
    if (!page) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    const key = clientOrderId.current;
    placeOrder(token, {
      clientOrderId: key,
      lines: toLinesIn(lines),
      totalCents: cartCents(page.menu, lines),
      payment: d.payment,
      guestName: d.guestName,
      languageCode: lang,
      ...(d.payment === 'room'
        ? { hotelId: d.hotelId, roomNumber: d.roomNumber.trim(), lastName: d.lastName.trim() }
        : {}),
      ...(d.payment === 'tab' ? { phoneLast4: d.phoneLast4 } : {}),
    })
      .then((r) => {
        setKeys(keepOrderKey(token, key));
        setOrders((o) => [...o.filter((x) => x.id !== r.order.id), r.order]);
        if (d.payment === 'tab') setTabLast4(d.phoneLast4);
        setLines([]);
        clientOrderId.current = newId();
        if (r.payUrl) {
          window.location.assign(r.payUrl);
          return;
        }
        setView({ kind: 'status' });
        load();
      })
      .catch((err: unknown) => {
        setError(err instanceof OrderApiError && err.status !== 0 ? refusalText(t, err.details) : t.guest.offline);
        // A refusal (an item 86'd or out of its hours, new prices…): the menu is read again.
        if (err instanceof OrderApiError && err.status !== 0) load();
      })
      .finally(() => setBusy(false));
  };

  const payTab = () => {
    if (!tab) return;
    setBusy(true);
    setTabError(null);
    setNotice(null);
    payTabOnline(token, { phoneLast4: tabLast4, totalCents: tab.totalCents, languageCode: lang })
      .then((r) => window.location.assign(r.payUrl))
      .catch((err: unknown) =>
        setTabError(err instanceof OrderApiError && err.status !== 0 ? refusalText(t, err.details) : t.guest.offline),
      )
      .finally(() => setBusy(false));
  };

  // The unit's tab: shown (and payable online) once this phone gives the party's last 4 (decision 355).
  const tabCard = page && (page.payments.includes('tab') || tabProven) && (
    <TabCard
      t={t}
      tab={tabProven ? tab : null}
      proven={tabProven}
      canPay={page.payments.includes('online')}
      busy={busy}
      error={tabError}
      onShow={(digits) => {
        setTabError(null);
        setTabProven(false);
        setTabLast4(digits);
      }}
      onPay={payTab}
    />
  );

  const count = cartCount(lines);
  const shownOrders = [...orders].sort((a, b) => b.createdAt - a.createdAt);
  return (
    <div className="go-page">
      <header className="go-top">
        <div className="go-lang" role="group" aria-label={t.guest.language}>
          {fnbLanguages.map((l) => (
            <button key={l} type="button" lang={l} aria-pressed={lang === l} onClick={() => setLang(l)}>
              {names[l]}
            </button>
          ))}
        </div>
      </header>
      <main>
        {page ? (
          <>
            <h1>{t.guest.pageTitle(page.venueName)}</h1>
            <p className="go-spot" data-testid="guest-unit">
              {t.guest.yourSpot(page.unitLabel)}
            </p>
          </>
        ) : (
          <h1>{t.guest.docTitle}</h1>
        )}
        {loadError && (
          <p className="go-error" role="alert">
            {loadError}
          </p>
        )}
        {notice && (
          <p
            className={notice === 'notPaid' ? 'go-error' : 'go-ok'}
            role={notice === 'notPaid' ? 'alert' : 'status'}
            data-testid="guest-notice"
            data-notice={notice}
          >
            {notice === 'notPaid' ? t.guest.payOnlineFailed : t.guest.tabSettled}
          </p>
        )}
        {!page && !loadError && <p>{t.guest.loading}</p>}
        {page && view.kind === 'menu' && (
          <>
            {shownOrders.some((o) => !finished(o)) && (
              <button type="button" className="go-secondary" onClick={() => setView({ kind: 'status' })}>
                {t.guest.statusTitle}
              </button>
            )}
            {page.payments.length === 0 && <p className="go-error">{t.guest.closed}</p>}
            <MenuList menu={page.menu} t={t} lang={lang} onOpen={(item) => setView({ kind: 'item', item })} />
            {tabCard}
          </>
        )}
        {page && view.kind === 'item' && (
          <ItemSheet
            item={view.item}
            t={t}
            lang={lang}
            onClose={() => setView({ kind: 'menu' })}
            onAdd={(line) => {
              setLines((ls) => addLine(ls, line));
              setView({ kind: 'menu' });
            }}
          />
        )}
        {page && view.kind === 'cart' && (
          <CartView
            page={page}
            lines={lines}
            t={t}
            lang={lang}
            busy={busy}
            error={error}
            onChange={setLines}
            onBack={() => setView({ kind: 'menu' })}
            onPlace={place}
          />
        )}
        {page && view.kind === 'status' && (
          <section aria-label={t.guest.statusTitle}>
            {shownOrders.length === 0 && <p>{t.guest.loading}</p>}
            {shownOrders.map((o) => (
              <OrderStatus key={o.id} order={o} t={t} lang={lang} />
            ))}
            {tabCard}
            {error && (
              <p className="go-error" role="alert">
                {error}
              </p>
            )}
            <button type="button" className="go-primary" onClick={() => setView({ kind: 'menu' })}>
              {t.guest.orderAgain}
            </button>
          </section>
        )}
      </main>
      {page && count > 0 && view.kind !== 'cart' && view.kind !== 'item' && (
        <div className="go-cartbar">
          <button
            type="button"
            className="go-primary"
            onClick={() => setView({ kind: 'cart' })}
            data-testid="view-cart"
          >
            {t.guest.viewCart(count, fnbPrice(cartCents(page.menu, lines)))}
          </button>
        </div>
      )}
    </div>
  );
}

/** The unit's tab on the guest's page: the party's last 4 first, then its total and Pay now. */
function TabCard(props: {
  t: FnbTexts;
  tab: PublicFnbTab['tab'];
  proven: boolean;
  canPay: boolean;
  busy: boolean;
  error: string | null;
  onShow(digits: string): void;
  onPay(): void;
}) {
  const { t, tab } = props;
  const [digits, setDigits] = useState('');
  return (
    <section className="go-card" data-testid="guest-tab" aria-labelledby="go-tab-title">
      <h2 id="go-tab-title">{t.guest.tabTitle}</h2>
      {!props.proven ? (
        <>
          <label htmlFor="go-tab-last4">{t.guest.tabLast4}</label>
          <input
            id="go-tab-last4"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{4}"
            maxLength={4}
            value={digits}
            onChange={(e) => setDigits(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
          />
          <button
            type="button"
            className="go-secondary"
            disabled={!/^\d{4}$/.test(digits)}
            onClick={() => props.onShow(digits)}
          >
            {t.guest.tabShow}
          </button>
        </>
      ) : tab?.settled ? (
        <p data-testid="guest-tab-total">{t.guest.tabSettled}</p>
      ) : (
        <>
          <p data-testid="guest-tab-total">{t.guest.tabTotal(fnbPrice(tab?.totalCents ?? 0))}</p>
          {props.canPay && tab && tab.totalCents > 0 && (
            <button type="button" className="go-primary" disabled={props.busy} onClick={props.onPay}>
              {t.guest.payTabNow(fnbPrice(tab.totalCents))}
            </button>
          )}
        </>
      )}
      {props.error && (
        <p className="go-error" role="alert">
          {props.error}
        </p>
      )}
    </section>
  );
}
