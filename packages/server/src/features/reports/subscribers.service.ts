import {
  type ReportConfig,
  type ReportListResponse,
  type ReportResponse,
  type SendEmailReportResponse,
  isRoomChargeType,
  parseEmailList,
  reportTexts,
} from '@sandbar/contract/reports';
import { splitEmails } from '@sandbar/contract/hotels';
import { type HotelReconciliation, reconciliationLines } from '@sandbar/contract/pms-reconciliation';
import { messages } from '@sandbar/contract/messages';
import { type Language, reportIn, toLanguage } from '@sandbar/contract/i18n';
import { absoluteLinks, escapeHtml, fillTemplate, templatesFor } from '@sandbar/contract/settings';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../platform/deps';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { badRequest, notFound } from '../../platform/errors';
import { enqueue } from '../../platform/outbox';
import { configuredBase } from '../../platform/public-url';
import { readSettings } from '../settings/settings.repository';
import { reportHtml, reportText, reportTotal } from './report-render';
import * as repo from './reports.repository';
import { hotelReconciliation } from '../pms/reconciliation.service';
import { allReportTypes, getReport, resolveType } from './reports.service';

// Report subscribers (spec sections 2, 3, 7): each report type has one config row with a name
// and its subscribers' addresses; a hotel's RoomCharge report also goes to the hotel's contacts.

type Db = Kysely<DB> | Transaction<DB>;

const toConfig = (r: { id: number; name: string; email_addresses: string; report_type: string }): ReportConfig => ({
  ID: r.id,
  name: r.name,
  emailAddresses: r.email_addresses,
  reportType: r.report_type,
});

/** Makes sure every report type of the venue (new hotels included) has its config row. */
async function ensureConfigs(db: Db, now: number) {
  const types = await allReportTypes(db as Kysely<DB>);
  await repo.ensureReportConfigs(
    db,
    types.map((t) => ({ report_type: t.type, name: t.name })),
    now,
  );
}

/** GET /getReportList: every report with its name, subscribers and type. */
export async function listReports(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<ReportListResponse> {
  await ensureConfigs(deps.db, deps.clock.now());
  return { reports: (await repo.reportConfigs(deps.db)).map(toConfig) };
}

/** GET /getReportList/{id}. */
export async function getReportConfig(deps: Pick<AppDeps, 'db'>, id: number): Promise<ReportResponse> {
  const row = await repo.reportConfigById(deps.db, id);
  if (!row) throw notFound(reportTexts.reportNotFound);
  return { report: toConfig(row), pageMode: 'editReport' };
}

/** POST /saveReportList {postData: id, name, emailAddresses}: the type stays as it is. */
export async function saveReportConfig(
  deps: Pick<AppDeps, 'db'>,
  d: { id: number; name: string; emailAddresses: string },
): Promise<{ success: 1; details: string; pageMode: 'saveReport' }> {
  if (!(await repo.updateReportConfig(deps.db, d.id, d.name, d.emailAddresses))) {
    throw notFound(reportTexts.reportNotFound);
  }
  return { success: 1, details: reportTexts.reportSaved, pageMode: 'saveReport' };
}

/** POST /saveEmailAddresses {emailAddresses, reportType}: the subscribers of one report. */
export async function saveEmailAddresses(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  type: string,
  emails: string,
): Promise<{ success: 1; details: string; emailAddresses: string }> {
  const resolved = await resolveType(deps.db, type, { search: false });
  await repo.setReportEmails(deps.db, type, resolved.title, emails, deps.clock.now());
  return { success: 1, details: reportTexts.emailsSaved, emailAddresses: emails };
}

/** Who gets a report: its subscribers, plus the hotel's contacts for a RoomCharge report. */
async function recipientsOf(db: Db, type: string): Promise<string[]> {
  const subscribers = parseEmailList((await repo.reportConfigByType(db, type))?.email_addresses ?? '').valid;
  let contacts: string[] = [];
  if (isRoomChargeType(type)) {
    const resolved = await resolveType(db as Kysely<DB>, type, { search: false });
    contacts = parseEmailList(splitEmails(resolved.hotel?.contact_email ?? '').join(',')).valid;
  }
  return [...new Set([...contacts, ...subscribers].map((e) => e.toLowerCase()))];
}

/** The language of each address that is a user's e-mail (lower-cased addresses). */
async function languagesOfEmails(db: Kysely<DB>, emails: string[]): Promise<Map<string, Language>> {
  const out = new Map<string, Language>();
  if (emails.length === 0) return out;
  const rows = await db.selectFrom('users').select(['email', 'language_code']).where('email', '!=', '').execute();
  for (const r of rows) {
    const lang = toLanguage(r.language_code);
    const email = (r.email ?? '').trim().toLowerCase();
    if (lang && emails.includes(email) && !out.has(email)) out.set(email, lang);
  }
  return out;
}

/** The reconciliation's lines as HTML: the verdict, then the sales that differ. */
function reconciliationHtml(r: HotelReconciliation | null, lang: Language): string {
  if (!r) return '';
  const [verdict, ...sales] = reconciliationLines(r, lang);
  const list = sales.length ? `<ul>${sales.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : '';
  return `<p data-pms-reconciliation><strong>${escapeHtml(verdict ?? '')}</strong></p>${list}`;
}

/** Queues one report of one day to its recipients (the report e-mail settings' subject and message). */
async function queueReport(
  db: Db,
  clock: Clock,
  type: string,
  timestamp: number,
  publicUrl: string | undefined,
): Promise<number> {
  const recipients = await recipientsOf(db, type);
  if (recipients.length === 0) return 0;
  const settings = await readSettings(db as Kysely<DB>);
  const data = await getReport({ db: db as Kysely<DB>, clock }, { userType: 'A' }, type, timestamp);
  const values = { venueName: settings.venueName, date: data.startDate, total: reportTotal(data) };
  // A PMS-connected hotel's RoomCharge e-mail says whether its PMS confirmed every charge of the
  // day, or lists what it did not (issue 34 point 5, decision 321).
  const hotelId = isRoomChargeType(type)
    ? (await resolveType(db as Kysely<DB>, type, { search: false })).hotel?.id
    : undefined;
  const reconciled = hotelId ? await hotelReconciliation(db, hotelId, data.startDate) : null;
  // Each recipient in their language: a user's own when the address is a user's, else the venue's.
  const known = await languagesOfEmails(db as Kysely<DB>, recipients);
  const venue = toLanguage(settings.venueLanguage) ?? 'en';
  const mails = new Map<Language, { subject: string; body: string; html: string }>();
  for (const recipient of recipients) {
    const lang = known.get(recipient) ?? venue;
    let mail = mails.get(lang);
    if (!mail) {
      const templates = templatesFor(settings, lang);
      const shown = reportIn(data, lang);
      mail = {
        subject: `${fillTemplate(templates.reportEmailSubject, values)}: ${shown.reportTitle}`,
        html: absoluteLinks(
          `${fillTemplate(templates.reportEmailMessage, values, escapeHtml)}${reportHtml(shown, lang)}${reconciliationHtml(reconciled, lang)}`,
          publicUrl,
        ),
        body: [reportText(shown, lang), ...(reconciled ? ['', ...reconciliationLines(reconciled, lang)] : [])].join(
          '\n',
        ),
      };
      mails.set(lang, mail);
    }
    await enqueue(db as Kysely<DB>, clock, { channel: 'email', recipient, ...mail, purpose: 'report' });
  }
  return recipients.length;
}

/** GET /sendEmailReport/{type}/{timestamp}: 'Report has been emailed!' once it is in the outbox. */
export async function sendEmailReport(
  deps: Pick<AppDeps, 'db' | 'clock' | 'env'>,
  type: string,
  timestamp: number,
): Promise<SendEmailReportResponse> {
  await resolveType(deps.db, type, { search: false });
  const queued = await deps.db
    .transaction()
    .execute((trx) => queueReport(trx, deps.clock, type, timestamp, configuredBase(deps.env)));
  if (queued === 0) throw badRequest(reportTexts.noSubscribers);
  return { success: 1, details: messages.report.emailed, queued };
}

/**
 * The daily job's work for one day: every report with subscribers, and every hotel's RoomCharge
 * report to its contacts. Runs inside the caller's transaction (the day's claim).
 */
export async function queueDailyReports(
  db: Db,
  clock: Clock,
  timestamp: number,
  publicUrl: string | undefined,
): Promise<number> {
  await ensureConfigs(db, clock.now());
  const configured = (await repo.reportConfigs(db)).filter((c) => c.email_addresses.trim() !== '');
  const hotelTypes = (await allReportTypes(db as Kysely<DB>)).filter((t) => isRoomChargeType(t.type));
  const types = [...new Set([...configured.map((c) => c.report_type), ...hotelTypes.map((t) => t.type)])];
  let queued = 0;
  for (const type of types) {
    try {
      await resolveType(db as Kysely<DB>, type, { search: false });
    } catch {
      continue; // a hotel renamed or removed since its config row was made
    }
    queued += await queueReport(db, clock, type, timestamp, publicUrl);
  }
  return queued;
}
