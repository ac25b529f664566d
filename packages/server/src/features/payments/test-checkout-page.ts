import { centsToMoney } from '@sandbar/contract/common';
import { escapeHtml } from '@sandbar/contract/settings';
import type { TestSession } from '../../platform/payments/test-provider';

// The built-in test provider's page (issue 33 point 2): plain HTML, no script (the app's CSP
// allows none inline), three forms. Marked on every line that it is a test and no money moves.

const words = {
  en: {
    title: 'Test payment — no money moves',
    lead: 'This is Sandbar’s built-in test provider. No card is asked for and nothing is charged.',
    amount: 'Amount',
    pay: 'Pay',
    decline: 'Decline',
    abandon: 'Abandon',
    done: 'This test payment is closed.',
  },
  es: {
    title: 'Pago de prueba — no se mueve dinero',
    lead: 'Este es el proveedor de prueba de Sandbar. No se pide tarjeta y no se cobra nada.',
    amount: 'Importe',
    pay: 'Pagar',
    decline: 'Rechazar',
    abandon: 'Abandonar',
    done: 'Este pago de prueba está cerrado.',
  },
};

export function testCheckoutPage(s: TestSession): string {
  const w = words[s.start.locale];
  const action = (c: string) => `/api/public/payments/test/checkout/${s.ref}/${c}`;
  const form = (c: 'pay' | 'decline' | 'abandon', label: string, primary = false) =>
    `<form method="post" action="${action(c)}" enctype="text/plain"><button type="submit" class="${primary ? 'p' : 's'}" data-testid="test-pay-${c}">${escapeHtml(label)}</button></form>`;
  const body =
    s.state === 'open'
      ? `${form('pay', w.pay, true)}${form('decline', w.decline)}${form('abandon', w.abandon)}`
      : `<p>${escapeHtml(w.done)}</p>`;
  return `<!doctype html>
<html lang="${s.start.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(w.title)}</title>
<style>
body{font:16px/1.4 system-ui,sans-serif;margin:0;background:#fff8e1;color:#222}
main{max-width:28rem;margin:0 auto;padding:1rem}
.banner{background:#b00020;color:#fff;font-weight:700;padding:.75rem 1rem;text-align:center;font-size:1.1rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1rem}
button{width:100%;min-height:48px;font-size:1.1rem;margin:.35rem 0;border-radius:8px;border:2px solid #333;cursor:pointer}
.p{background:#1b5e20;color:#fff;border-color:#1b5e20}.s{background:#fff}
</style></head>
<body><div class="banner" role="banner" data-testid="test-pay-banner">${escapeHtml(w.title)}</div>
<main><h1>${escapeHtml(w.title)}</h1><p>${escapeHtml(w.lead)}</p>
<p>${escapeHtml(s.start.description)}</p>
<p>${escapeHtml(w.amount)}</p><p class="amount" data-testid="test-pay-amount">${escapeHtml(centsToMoney(s.start.amountCents))} ${escapeHtml(s.start.currency)}</p>
${body}</main></body></html>`;
}
