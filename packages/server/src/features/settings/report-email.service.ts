import { centsToMoney } from '@sandbar/contract/common';
import { businessDay, venueParts } from '@sandbar/contract/rules/time';
import { absoluteLinks, escapeHtml, fillTemplate } from '@sandbar/contract/settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { enqueue } from '../../platform/outbox';
import { claimReportDay, reportRecipients, salesByMethod } from './report-email.repository';
import { readSettings } from './settings.repository';

export interface DailySummary {
  day: string;
  count: number;
  totalCents: number;
  methods: { method: string; count: number; totalCents: number; tipCents: number }[];
}

export async function dailySummary(db: Kysely<DB>, day: string): Promise<DailySummary> {
  const rows = await salesByMethod(db, day);
  const methods = rows.map((r) => ({
    method: r.payment_method,
    count: Number(r.count),
    totalCents: Number(r.total_cents ?? 0),
    tipCents: Number(r.tip_cents ?? 0),
  }));
  return {
    day,
    count: methods.reduce((n, m) => n + m.count, 0),
    totalCents: methods.reduce((n, m) => n + m.totalCents, 0),
    methods,
  };
}

function summaryText(s: DailySummary): string {
  const lines = [`Sales on ${s.day}: ${s.count}, total $${centsToMoney(s.totalCents)}`];
  for (const m of s.methods) {
    lines.push(`  ${m.method}: ${m.count} sale(s), $${centsToMoney(m.totalCents)} (tips $${centsToMoney(m.tipCents)})`);
  }
  return lines.join('\n');
}

function summaryHtml(s: DailySummary): string {
  const row = (cells: string[], tag = 'td') =>
    `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  return [
    '<table border="1" cellpadding="4" cellspacing="0">',
    row(['Method', 'Sales', 'Total', 'Tips'], 'th'),
    ...s.methods.map((m) =>
      row([m.method, String(m.count), `$${centsToMoney(m.totalCents)}`, `$${centsToMoney(m.tipCents)}`]),
    ),
    row(['Total', String(s.count), `$${centsToMoney(s.totalCents)}`, '']),
    '</table>',
  ].join('');
}

/**
 * Queues the daily report e-mail when the venue hour is settings.reportEmailTime and today's has
 * not gone out yet. Settings are read on every run, so a changed hour or wording applies the same
 * day without a restart; the per-day claim keeps several instances from sending it twice.
 * Returns the number of e-mails queued (0 when not due). `publicUrl` (SANDBAR_PUBLIC_URL) makes the
 * message's own images and links absolute: a scheduled job has no request origin to use instead.
 */
export async function runDailyReportIfDue(db: Kysely<DB>, clock: Clock, publicUrl?: string): Promise<number> {
  const now = clock.now();
  const settings = await readSettings(db);
  if (venueParts(now, settings.timeZone).hour !== Number(settings.reportEmailTime)) return 0;
  const day = businessDay(now, settings.timeZone);
  return db.transaction().execute(async (trx) => {
    if (!(await claimReportDay(trx, day, now))) return 0;
    const recipients = await reportRecipients(trx);
    const summary = await dailySummary(trx, day);
    const values = { venueName: settings.venueName, date: day, total: `$${centsToMoney(summary.totalCents)}` };
    const subject = fillTemplate(settings.reportEmailSubject, values);
    const html = absoluteLinks(
      `${fillTemplate(settings.reportEmailMessage, values, escapeHtml)}${summaryHtml(summary)}`,
      publicUrl,
    );
    const body = summaryText(summary);
    for (const recipient of recipients) {
      await enqueue(trx, clock, { channel: 'email', recipient, subject, body, html, purpose: 'report' });
    }
    return recipients.length;
  });
}
