import { messages } from '@sandbar/contract/messages';

/**
 * The JavaScript interface the Android wrapper app injects as `window.Android`
 * (docs/android-bridge.md). Strings in, strings out: WebView bridges pass only primitives.
 */
export interface AndroidBridge {
  /** Starts a card charge. `request` is JSON: {amountCents, currency, ourTransactionId, note}. */
  startCardCharge(request: string): unknown;
  /** JSON {status: 'pending'|'approved'|'declined'|'cancelled'|'error', transactionId?, message?}. */
  getCardChargeResult(ourTransactionId: string): string;
  /** Prints a base64 ESC/POS document (PrintCode) on the paired receipt printer. */
  printReceipt(printCode: string): unknown;
}

declare global {
  interface Window {
    Android?: Partial<AndroidBridge>;
  }
}

export interface ChargeRequest {
  amountCents: number;
  currency: 'USD';
  ourTransactionId: string;
  note: string;
}

export type ChargeResult =
  | { status: 'pending' }
  | { status: 'approved'; transactionId: string }
  | { status: 'declined' | 'cancelled' | 'error'; message: string };

/** A failure with one of the spec's card messages (section 8). */
export class ReaderError extends Error {}

export interface CardReader {
  readonly simulated: boolean;
  /** Asks the reader to charge; throws ReaderError with the spec's message when it cannot. */
  start(request: ChargeRequest): void;
  /** The current result; the wizard calls it every 1000 ms until approved. */
  poll(ourTransactionId: string): ChargeResult;
}

function androidReader(): CardReader {
  return {
    simulated: false,
    start(request) {
      const bridge = window.Android;
      if (!bridge) throw new ReaderError(messages.sale.androidUnavailable);
      if (typeof bridge.startCardCharge !== 'function') throw new ReaderError(messages.sale.windowFunctionUnreadable);
      try {
        const answer = bridge.startCardCharge(JSON.stringify(request));
        if (answer === false) throw new Error('refused');
      } catch {
        throw new ReaderError(messages.sale.squareError);
      }
    },
    poll(ourTransactionId) {
      const bridge = window.Android;
      if (!bridge || typeof bridge.getCardChargeResult !== 'function') {
        return { status: 'error', message: messages.sale.windowFunctionUnreadable };
      }
      try {
        const raw = JSON.parse(bridge.getCardChargeResult(ourTransactionId)) as Partial<{
          status: string;
          transactionId: string;
          message: string;
        }>;
        if (raw.status === 'approved' && raw.transactionId)
          return { status: 'approved', transactionId: raw.transactionId };
        if (raw.status === 'declined' || raw.status === 'cancelled' || raw.status === 'error') {
          return { status: raw.status, message: raw.message ?? messages.sale.squareError };
        }
        return { status: 'pending' };
      } catch {
        return { status: 'error', message: messages.sale.windowFunctionUnreadable };
      }
    },
  };
}

/** Demo and test reader (venue setting simulatedReader '1'): approves about a second after the start. */
export function simulatedReader(delayMs = 1000): CardReader {
  const started = new Map<string, number>();
  return {
    simulated: true,
    start(request) {
      started.set(request.ourTransactionId, Date.now());
    },
    poll(ourTransactionId) {
      const at = started.get(ourTransactionId);
      if (at === undefined || Date.now() - at < delayMs) return { status: 'pending' };
      return { status: 'approved', transactionId: `SIM-${ourTransactionId.slice(0, 8).toUpperCase()}` };
    },
  };
}

export function cardReader(opts: { simulated: boolean }): CardReader {
  return opts.simulated ? simulatedReader() : androidReader();
}

/** True inside the Android wrapper (it can print). */
export function canPrint(): boolean {
  return typeof window !== 'undefined' && typeof window.Android?.printReceipt === 'function';
}

/** Sends a PrintCode to the wrapper's printer; false when there is no wrapper (print failures only log). */
export function printOnAndroid(printCode: string): boolean {
  try {
    if (!canPrint()) return false;
    window.Android!.printReceipt!(printCode);
    return true;
  } catch (err) {
    console.warn('print failed', err);
    return false;
  }
}
