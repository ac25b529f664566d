import { normalisePhone } from '@sandbar/contract/rules/phone';
import crypto from 'node:crypto';
import { centsToMoney } from '@sandbar/contract/common';
import { type Language, localeOf, paymentMethodLabelsEs, serverTexts, toLanguage } from '@sandbar/contract/i18n';
import { formatCents } from '@sandbar/contract/rules/money';
import { businessDay, venueParts } from '@sandbar/contract/rules/time';
import {
  type PrintCodeResponse,
  type ReceiptCheckResponse,
  type ReceiptResponse,
  saleTexts,
} from '@sandbar/contract/sales';
import { type Settings, absoluteLinks, escapeHtml, fillTemplate, templatesFor } from '@sandbar/contract/settings';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../platform/deps';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../auth/auth.service';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import { escposDocument } from '../../platform/escpos';
import { type OutgoingMessage, enqueue } from '../../platform/outbox';
import { publicBase as publicBaseOf } from '../../platform/public-url';
import { readSettings } from '../settings/settings.repository';
import { addUnitLog } from '../units/unit-state.repository';
import { positionsByIds, userLocationIds } from '../venue/venue.repository';
import { canEditDay, editWindowMessage } from '../units/units.service';
import * as repo from './receipts.repository';

/** Random bytes for receipt ids, drawn 256 ids at a time (one call to the system's generator a sale was 1.4 % of its CPU). */
let idBytes = Buffer.alloc(0);
let idOffset = 0;

/** An unguessable receipt id (public page /receipt/{id}): 144 random bits, never reused. */
export function newReceiptId(): string {
  if (idOffset + 18 > idBytes.length) {
    idBytes = crypto.randomBytes(18 * 256);
    idOffset = 0;
  }
  const id = idBytes.toString('base64url', idOffset, idOffset + 18);
  idOffset += 18;
  return id;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /checkReceiptInfo: is the contact usable for the chosen receipt type? */
export function checkReceiptInfo(input: {
  receiptType: 'phone' | 'email';
  receiptPhone: string;
  receiptEmail: string;
}): ReceiptCheckResponse {
  if (input.receiptType === 'phone') {
    return normalisePhone(input.receiptPhone)
      ? { status: true, message: saleTexts.receiptOk }
      : { status: false, message: saleTexts.invalidPhone };
  }
  return emailPattern.test(input.receiptEmail.trim())
    ? { status: true, message: saleTexts.receiptOk }
    : { status: false, message: saleTexts.invalidEmail };
}

/**
 * The gratuity percent printed on the receipt: of the amount paid, or — when the guest paid
 * nothing (a hotel package at a $0 hotel rate) — of the retail value the receipt shows, so a $5
 * tip never reads as 0 %.
 */
function tipPercentOf(sale: { tip_cents: number; subtotal_cents: number; retail_cents: number }): number {
  const base = sale.subtotal_cents > 0 ? sale.subtotal_cents : sale.retail_cents;
  return base > 0 ? Math.round((sale.tip_cents * 100) / base) : 0;
}

/** The public link on `base` (publicBase: SANDBAR_PUBLIC_URL, an allowed request host, or our own address). */
export function receiptUrl(base: string, receiptId: string): string {
  return `${base.replace(/\/+$/, '')}/receipt/${receiptId}`;
}

/** A receipt's language: the sale's (the guest's), else the venue's (decision 122). */
export function receiptLanguage(saleLanguage: string | null | undefined, settings: Settings): Language {
  return toLanguage(saleLanguage) ?? toLanguage(settings.venueLanguage) ?? 'en';
}

/** Money on a receipt, through Intl in the receipt's language: "$35.00", "$1,234.00" (es-US alike). */
function receiptMoney(cents: number, lang: Language): string {
  return formatCents(cents, { locale: localeOf(lang) });
}

export interface ReceiptTarget {
  /** The guest's language (receiptLanguage). */
  language: Language;
  receiptId: string;
  /** The sale's business day, YYYY-MM-DD ({date}). */
  day: string;
  totalCents: number;
  customerName: string;
  receiptType: string;
  phone: string;
  email: string;
}

/** Queues the text or e-mail receipt from the settings templates (inside the caller's transaction). */
export async function queueReceipt(
  db: Kysely<DB>,
  clock: Clock,
  settings: Settings,
  base: string,
  r: ReceiptTarget,
): Promise<{ phoneSent: boolean; emailSent: boolean }> {
  const messages = receiptMessages(settings, base, r);
  for (const m of messages) await enqueue(db, clock, m);
  return {
    phoneSent: messages.some((m) => m.channel === 'sms'),
    emailSent: messages.some((m) => m.channel === 'email'),
  };
}

/** The text and/or e-mail a receipt sends, from the settings templates (none for an unusable contact). */
export function receiptMessages(settings: Settings, base: string, r: ReceiptTarget): OutgoingMessage[] {
  const out: OutgoingMessage[] = [];
  const templates = templatesFor(settings, r.language);
  const values = {
    venueName: settings.venueName,
    receiptUrl: receiptUrl(base, r.receiptId),
    total: receiptMoney(r.totalCents, r.language),
    customerName: r.customerName,
    date: r.day,
  };
  const phone = r.receiptType === 'phone' ? normalisePhone(r.phone) : null;
  const email = r.receiptType === 'email' && emailPattern.test(r.email) ? r.email.trim() : null;
  if (phone) {
    out.push({
      channel: 'sms',
      recipient: phone,
      body: fillTemplate(templates.receiptTextMessage, values),
      purpose: 'receipt',
    });
  }
  if (email) {
    // The body is the venue's own (sanitised) HTML: every value goes in escaped, the link as a link.
    const link = escapeHtml(values.receiptUrl);
    const html = fillTemplate(templates.receiptEmailBody, {
      ...mapValues(values, escapeHtml),
      receiptUrl: `<a href="${link}">${link}</a>`,
    });
    out.push({
      channel: 'email',
      recipient: email,
      subject: fillTemplate(templates.receiptEmailSubject, values),
      body: htmlToText(fillTemplate(templates.receiptEmailBody, values)),
      html: absoluteLinks(html, base),
      purpose: 'receipt',
    });
  }
  return out;
}

function mapValues<T extends Record<string, string>>(o: T, f: (s: string) => string): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)])) as T;
}

function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|div|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

const spanishDates = new Map<string, Intl.DateTimeFormat>();

function formatDate(ms: number, timeZone: string, lang: Language): string {
  if (lang !== 'en') {
    let fmt = spanishDates.get(timeZone);
    if (!fmt) {
      fmt = new Intl.DateTimeFormat(localeOf(lang), { timeZone, dateStyle: 'short', timeStyle: 'short' });
      spanishDates.set(timeZone, fmt);
    }
    return fmt.format(new Date(ms));
  }
  const p = venueParts(ms, timeZone);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${String(p.month).padStart(2, '0')}/${String(p.day).padStart(2, '0')}/${p.year} ${h12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** GET /getReceipt/{receiptId} (public): only that sale, nothing else. */
export async function getReceipt(deps: AppDeps, receiptId: string): Promise<ReceiptResponse> {
  const sale = await repo.saleByReceiptId(deps.db, receiptId);
  if (!sale) throw notFound(saleTexts.receiptNotFound);
  const [unitLines, items, settings] = await Promise.all([
    repo.unitsOfSale(deps.db, sale.id),
    repo.itemNamesOfSale(deps.db, sale.id),
    readSettings(deps.db),
  ]);
  // Each unit once: an F&B sale's lines all name the unit its orders were for.
  const units = unitLines.filter((u, i) => unitLines.findIndex((x) => x.id === u.id) === i);
  const first = units[0];
  const language = receiptLanguage(sale.language_code, settings);
  return {
    orderInfo: {
      invoiceNumber: String(sale.id).padStart(6, '0'),
      purchaseDate: formatDate(Number(sale.created_at), settings.timeZone, language),
      ourTransactionId: sale.our_transaction_id,
      paymentMethod: sale.payment_method,
      voucherNumber: sale.voucher_number,
      customerName: sale.customer_name,
      Price: centsToMoney(sale.subtotal_cents),
      tipAmount: centsToMoney(sale.tip_cents),
      tipPercent: tipPercentOf(sale),
      Total: centsToMoney(sale.total_cents),
      retailPrice: centsToMoney(sale.retail_cents),
    },
    unitNumber: first?.unit_number ?? 0,
    unitLocation: first?.location_name ?? '',
    unitRow: first?.row ?? 0,
    unitPosition: first?.position ?? 0,
    units: units.map((u) => ({
      unitNumber: u.unit_number,
      unitType: u.unit_type,
      unitLocation: u.location_name,
      unitRow: u.row,
      unitPosition: u.position,
    })),
    items: items.map((i) => ({
      name: language === 'es' && i.name_es ? i.name_es : i.name,
      amount: centsToMoney(i.charged_cents),
    })),
    venueName: settings.venueName,
    venueAddress: settings.venueAddress,
    supportEmail: settings.supportEmail,
    languageCode: language,
  };
}

/**
 * The customer a receipt call names, if it is in the user's locations and its day is inside the
 * user's editing window (DESIGN.md section 5: U and M today, S today and yesterday, A any day).
 */
async function customerForUser(deps: AppDeps, user: SessionUser, customerId: number) {
  const c = await repo.customerWithSale(deps.db, customerId);
  if (!c) throw notFound(saleTexts.customerNotFound);
  const allowed = await userLocationIds(deps.db, user.id);
  if (!allowed.has(c.location_id)) throw forbidden(saleTexts.notYourLocation);
  const { timeZone } = await readSettings(deps.db);
  if (!canEditDay(user.userType, c.day, businessDay(deps.clock.now(), timeZone)))
    throw forbidden(editWindowMessage(user.userType));
  return c;
}

/** POST /resendReceipt: the receipt again to the customer's phone or e-mail. */
export async function resendReceipt(
  deps: AppDeps,
  user: SessionUser,
  body: { customerId: number },
  base: string,
): Promise<ReceiptCheckResponse> {
  const c = await customerForUser(deps, user, body.customerId);
  if (!c.sale_id) throw badRequest(saleTexts.noSaleOnUnit);
  const sale = (await repo.saleById(deps.db, c.sale_id))!;
  const settings = await readSettings(deps.db);
  const sent = await deps.db.transaction().execute(async (trx) => {
    const s = await queueReceipt(trx, deps.clock, settings, base, {
      language: receiptLanguage(sale.language_code, settings),
      receiptId: sale.receipt_id,
      day: sale.day,
      totalCents: sale.total_cents,
      customerName: sale.customer_name,
      receiptType: c.receipt_type,
      phone: c.receipt_phone,
      email: c.receipt_email,
    });
    if (s.phoneSent || s.emailSent) {
      await addUnitLog(trx, {
        kind: 'log',
        positionId: c.position_id,
        day: c.day,
        text: `Receipt resent to ${c.receipt_type === 'phone' ? c.receipt_phone : c.receipt_email} by ${user.initials}`,
        userId: user.id,
        at: deps.clock.now(),
      });
    }
    return s;
  });
  if (!sent.phoneSent && !sent.emailSent) return { status: false, message: saleTexts.noReceiptContact, ...sent };
  return { status: true, message: saleTexts.receiptSent, ...sent };
}

/** POST /updateReceipt: a new phone or e-mail for a customer's receipt, then sends it there. */
export async function updateReceipt(
  deps: AppDeps,
  user: SessionUser,
  body: { customerId: number; receiptType: 'phone' | 'email'; receiptPhone: string; receiptEmail: string },
  base: string,
): Promise<ReceiptCheckResponse> {
  const check = checkReceiptInfo(body);
  if (!check.status) return { ...check, saveReceiptSuccess: false };
  const c = await customerForUser(deps, user, body.customerId);
  const phone = body.receiptType === 'phone' ? normalisePhone(body.receiptPhone)! : '';
  const email = body.receiptType === 'email' ? body.receiptEmail.trim() : '';
  const settings = await readSettings(deps.db);
  const sent = await deps.db.transaction().execute(async (trx) => {
    await repo.updateCustomerReceipt(trx, c.id, {
      receipt_type: body.receiptType,
      receipt_phone: phone,
      receipt_email: email,
    });
    const at = deps.clock.now();
    await addUnitLog(trx, {
      kind: 'log',
      positionId: c.position_id,
      day: c.day,
      text: `Receipt changed to ${phone || email} by ${user.initials}`,
      userId: user.id,
      at,
    });
    if (!c.sale_id) return { phoneSent: false, emailSent: false };
    const sale = (await repo.saleById(trx, c.sale_id))!;
    await repo.updateSaleReceipt(trx, sale.id, {
      receipt_type: body.receiptType,
      customer_phone: phone,
      customer_email: email,
    });
    return queueReceipt(trx, deps.clock, settings, base, {
      language: receiptLanguage(sale.language_code, settings),
      receiptId: sale.receipt_id,
      day: sale.day,
      totalCents: sale.total_cents,
      customerName: sale.customer_name,
      receiptType: body.receiptType,
      phone,
      email,
    });
  });
  return { status: true, message: saleTexts.receiptSaved, saveReceiptSuccess: true, ...sent };
}

/** 58 mm printers fit 32 characters a line. */
export const slipWidth = 32;

/** Breaks a text into lines of at most `width` characters, at spaces where it can, mid-word when it must. */
export function wrapText(text: string, width = slipWidth): string[] {
  const out: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      let w = word;
      while (w.length > width) {
        // A word longer than the slip (a receipt link, an e-mail address) is cut, never lost.
        const room = line ? width - line.length - 1 : width;
        if (room <= 0) {
          out.push(line);
          line = '';
          continue;
        }
        out.push(line ? `${line} ${w.slice(0, room)}` : w.slice(0, room));
        line = '';
        w = w.slice(room);
      }
      if (!line) line = w;
      else if (line.length + 1 + w.length <= width) line = `${line} ${w}`;
      else {
        out.push(line);
        line = w;
      }
    }
    out.push(line);
  }
  return out;
}

/** A label left, an amount right; when both do not fit, the amount goes on its own line. */
function row(left: string, right: string): string[] {
  if (left.length + 1 + right.length <= slipWidth) {
    return [left + ' '.repeat(slipWidth - left.length - right.length) + right];
  }
  return [...wrapText(left), ' '.repeat(Math.max(0, slipWidth - right.length)) + right.slice(-slipWidth)];
}

/** The lines of a printed slip, none longer than 32 characters. */
export function receiptLines(
  r: ReceiptResponse,
  opts: { reprint: boolean; url: string; voucherNumber?: string },
): string[] {
  const o = r.orderInfo;
  const lang: Language = r.languageCode ?? 'en';
  const tx = serverTexts[lang].slip;
  const money = (amount: string) => receiptMoney(Math.round(Number(amount) * 100), lang);
  const method = lang === 'es' ? (paymentMethodLabelsEs[o.paymentMethod] ?? o.paymentMethod) : o.paymentMethod;
  const rule = '-'.repeat(slipWidth);
  const lines = [
    ...wrapText(r.venueName),
    ...(r.venueAddress ? wrapText(r.venueAddress) : []),
    rule,
    opts.reprint ? tx.reprint : tx.receipt,
    ...row(tx.invoice, o.invoiceNumber),
    ...wrapText(o.purchaseDate),
    ...r.units.flatMap((u) => row(tx.unit, `${u.unitLocation} ${u.unitNumber}`)),
    ...row(tx.payment, method),
    ...(opts.voucherNumber ? row(tx.voucher, opts.voucherNumber) : []),
    rule,
  ];
  if (Number(o.tipAmount) > 0) {
    if (Number(o.retailPrice) > 0) lines.push(...row(tx.retailValue, money(o.retailPrice)));
    lines.push(...row(tx.subTotal, money(o.Price)), ...row(tx.gratuity(String(o.tipPercent)), money(o.tipAmount)));
  }
  lines.push(...row(tx.total, money(o.Total)), '', ...wrapText(opts.url), ...wrapText(r.supportEmail), '');
  return lines;
}

/**
 * POST /printReceipt {unitId, reprint}: ESC/POS for the wrapper's printer. Every print is kept;
 * the first print of a sale is the receipt, later ones are reprints (marked, and recorded for
 * the reprint report). The server decides from that record: a tablet cannot know whether
 * another one printed the slip already, so the request's `reprint` flag is not trusted.
 */
export async function printReceipt(
  deps: AppDeps,
  user: SessionUser,
  body: { unitId: number; reprint: boolean; customerId?: number },
  base: string,
): Promise<PrintCodeResponse> {
  const [position] = await positionsByIds(deps.db, [body.unitId]);
  if (!position) throw notFound(saleTexts.unitNotFound);
  const allowed = await userLocationIds(deps.db, user.id);
  if (!allowed.has(position.location_id)) throw forbidden(saleTexts.notYourLocation);
  const settings = await readSettings(deps.db);
  const day = businessDay(deps.clock.now(), settings.timeZone);
  const saleId = await repo.latestSaleOnUnit(deps.db, body.unitId, day, body.customerId);
  if (!saleId) throw notFound(saleTexts.noSaleOnUnit);
  const sale = (await repo.saleById(deps.db, saleId))!;
  const receipt = await getReceipt(deps, sale.receipt_id);
  const at = deps.clock.now();
  const reprint = await deps.db.transaction().execute(async (trx) => {
    const printedBefore = await repo.countPrints(trx, sale.id);
    await repo.addPrint(trx, { sale_id: sale.id, user_id: user.id, at });
    if (printedBefore > 0) await repo.addReprint(trx, { sale_id: sale.id, user_id: user.id, at });
    return printedBefore > 0;
  });
  const lines = receiptLines(receipt, {
    reprint,
    url: receiptUrl(base, sale.receipt_id),
    voucherNumber: receipt.orderInfo.voucherNumber,
  });
  return { PrintCode: escposDocument(lines), lines };
}

/** Where receipt links point (platform/public-url.ts): never a host the client made up. */
export function publicBase(deps: AppDeps, request: { protocol: string; host: string }): string {
  return publicBaseOf(deps.env, request);
}
