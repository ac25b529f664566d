import { centsToMoney, moneyToCents } from '@sandbar/contract/common';
import { businessDay, venueParts } from '@sandbar/contract/rules/time';
import { type DropoffReport, type PrintCodeResponse, saleTexts } from '@sandbar/contract/sales';
import type { AppDeps } from '../../app';
import { escposDocument } from '../../platform/escpos';
import type { SessionUser } from '../auth/auth.service';
import { readSettings } from '../settings/settings.repository';
import * as repo from './dropoff.repository';

async function today(deps: AppDeps) {
  const settings = await readSettings(deps.db);
  return { settings, day: businessDay(deps.clock.now(), settings.timeZone) };
}

/** GET /getDropoffReport: the signed-in agent's totals, cash on hand, drop-offs and customers today. */
export async function getDropoffReport(deps: AppDeps, user: SessionUser): Promise<DropoffReport> {
  const { day } = await today(deps);
  const [byMethod, drops, customers] = await Promise.all([
    repo.salesTotalsByMethod(deps.db, user.id, day),
    repo.dropoffsOf(deps.db, user.id, day),
    repo.customersOf(deps.db, user.id, day),
  ]);
  const sum = (method: string) => Number(byMethod.find((r) => r.payment_method === method)?.cents ?? 0);
  const todayCents = byMethod.reduce((s, r) => s + Number(r.cents ?? 0), 0);
  const cash = sum('Cash');
  const dropped = drops.reduce((s, d) => s + d.amount_cents, 0);
  return {
    overview: {
      todayTotal: centsToMoney(todayCents),
      ccTotal: centsToMoney(sum('Credit Card')),
      cashTotal: centsToMoney(cash),
      roomChargeTotal: centsToMoney(sum('Room Charge')),
      voucherTotal: centsToMoney(sum('Voucher')),
      cashOnHand: centsToMoney(cash - dropped),
      cashDroppedOff: centsToMoney(dropped),
    },
    dropOffs: drops.map((d) => ({
      id: d.id,
      epoc: Number(d.at),
      amount: centsToMoney(d.amount_cents),
      notes: d.notes,
    })),
    customers: customers.map((c) => ({
      id: c.id,
      epoc: Number(c.created_at),
      customerName: c.customer_name,
      projectLocations: c.location_name,
      umbrellaNumber: c.unit_number,
      paymentMethod: c.payment_method,
      price: centsToMoney(c.price_cents),
    })),
    day,
    agent: user.name,
  };
}

/** POST /saveDropoffNotes: records cash handed in by the signed-in agent. */
export async function saveDropoffNotes(
  deps: AppDeps,
  user: SessionUser,
  body: { dropoffAmount: number | string; dropoffNotes: string },
): Promise<{ success: 1; details: string; id: number }> {
  const { day } = await today(deps);
  const id = await repo.insertDropoff(deps.db, {
    user_id: user.id,
    day,
    amount_cents: moneyToCents(body.dropoffAmount),
    notes: body.dropoffNotes,
    at: deps.clock.now(),
  });
  return { success: 1, details: saleTexts.dropoffSaved, id };
}

/** GET /getPrintNotes: the drop-off sheet as ESC/POS for the Android printer. */
export async function getPrintNotes(deps: AppDeps, user: SessionUser): Promise<PrintCodeResponse> {
  const { settings } = await today(deps);
  const r = await getDropoffReport(deps, user);
  const w = 32;
  const row = (l: string, v: string) => l + ' '.repeat(Math.max(1, w - l.length - v.length)) + v;
  const time = (ms: number) => {
    const p = venueParts(ms, settings.timeZone);
    return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  };
  const o = r.overview;
  const lines = [
    settings.venueName,
    `Notes / Drops ${r.day}`,
    r.agent,
    '-'.repeat(w),
    row("Today's Total", `$${o.todayTotal}`),
    row('CC', `$${o.ccTotal}`),
    row('Cash', `$${o.cashTotal}`),
    row('Room Charge', `$${o.roomChargeTotal}`),
    row('Cash on hand', `$${o.cashOnHand}`),
    row('Dropped off', `$${o.cashDroppedOff}`),
    '-'.repeat(w),
    ...r.dropOffs.flatMap((d) => [row(time(d.epoc), `$${d.amount}`), ...(d.notes ? [d.notes] : [])]),
    '',
  ];
  return { PrintCode: escposDocument(lines), lines };
}
