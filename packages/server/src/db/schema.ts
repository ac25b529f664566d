import type { Generated } from 'kysely';
import type { FnbTables } from './schema-fnb';

// Table types, one interface per feature. Times are epoch milliseconds (bigint columns),
// money is integer cents, flags are 0/1 integers: the same on SQLite and PostgreSQL.

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  initials: string;
  phone: string;
  email: string;
  password_hash: string;
  user_type: 'A' | 'S' | 'M' | 'U';
  two_factor: number;
  language_code: string;
  active: number;
  created_at: number;
  /** Wrong two-factor codes in a row (and codes being checked); locked at twoFactorLock.maxFailures. */
  two_factor_failures: Generated<number>;
}

export interface UserLocationsTable {
  user_id: number;
  location_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  app_version: string | null;
  ip: string | null;
}

export interface AuthChallengesTable {
  id: string;
  user_id: number;
  code_hash: string;
  expires_at: number;
  tries: number;
  used_at: number | null;
  created_at: number;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  ip: string;
  at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  detail: string;
  at: number;
}

export interface AuthTables {
  users: UsersTable;
  user_locations: UserLocationsTable;
  sessions: SessionsTable;
  auth_challenges: AuthChallengesTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  purpose: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  created_at: number;
  sent_at: number | null;
}

export interface OutboxTables {
  outbox: OutboxTable;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface LocationsTable {
  id: Generated<number>;
  name: string;
  full_name: string;
  umbrellas: number;
  umbrella_rows: number;
  sort: number;
  created_at: number;
  /** Issue 33 (decision 300): '' the venue's online payment rule, else this location's own. */
  booking_payment: Generated<'' | 'none' | 'deposit' | 'full'>;
  booking_deposit: Generated<string>;
}

export interface PositionsTable {
  id: Generated<number>;
  location_id: number;
  row: number;
  position: number;
  unit_type: string;
  unit_number: number;
  umbrella_type: string | null;
  removed: number;
}

export interface HotelsTable {
  id: Generated<number>;
  name: string;
  contact_name: string;
  contact_email: string;
  room_range: string;
  vacation_owner_rule: number;
  is_other: number;
  created_at: number;
}

export interface HotelGuestsTable {
  id: Generated<number>;
  hotel_id: number;
  room: string;
  guest_name: string;
  accompanying_guest_name: string;
  additional: number;
}

export interface PricesTable {
  id: Generated<number>;
  name: string;
  /** Issue 26: the Spanish name and both descriptions ('' when none; Spanish falls back to English). */
  name_es: Generated<string>;
  description: Generated<string>;
  description_es: Generated<string>;
  price_cents: number;
  retail_rate_cents: number;
  hotel_rate_cents: number;
  add_on: number;
  sort: number;
  start_time: number;
  end_time: number;
  unit_type: string;
  all_hotels: number;
  created_at: number;
}

export interface PriceHotelsTable {
  price_id: number;
  hotel_id: number;
}

export interface VenueTables {
  settings: SettingsTable;
  locations: LocationsTable;
  positions: PositionsTable;
  hotels: HotelsTable;
  hotel_guests: HotelGuestsTable;
  prices: PricesTable;
  price_hotels: PriceHotelsTable;
}

export interface UnitStatesTable {
  id: Generated<number>;
  position_id: number;
  day: string;
  status: number;
  version: number;
  hold_cart_id: string | null;
  hold_user_id: number | null;
  hold_expires_at: number | null;
  customer_id: number | null;
  updated_at: number;
  updated_by: number | null;
}

export interface UnitCustomersTable {
  id: Generated<number>;
  position_id: number;
  day: string;
  sale_id: number | null;
  customer_name: string;
  payment_method: string;
  price_cents: number;
  receipt_type: string;
  receipt_phone: string;
  receipt_email: string;
  /** 'unseated': an offline sale whose unit was sold meanwhile (issue 13, see sale_attention). */
  state: 'seated' | 'left' | 'moved' | 'unseated';
  created_at: number;
  created_by: number | null;
}

export interface UnitLogsTable {
  id: Generated<number>;
  position_id: number;
  day: string;
  kind: 'log' | 'note';
  text: string;
  user_id: number | null;
  at: number;
}

export interface BoardTables {
  unit_states: UnitStatesTable;
  unit_customers: UnitCustomersTable;
  unit_logs: UnitLogsTable;
}

export interface SalesTable {
  id: Generated<number>;
  our_transaction_id: string;
  receipt_id: string;
  day: string;
  user_id: number;
  location_id: number | null;
  payment_method: string;
  hotel_id: number | null;
  room_number: string;
  last_name: string;
  customer_name: string;
  manual_entry: number;
  list_cents: number;
  subtotal_cents: number;
  addon_cents: number;
  extra_cents: number;
  tip_cents: number;
  total_cents: number;
  retail_cents: number;
  card_transaction_id: string | null;
  receipt_type: string;
  customer_phone: string;
  customer_email: string;
  summary: string;
  notes: string;
  multi: number;
  /** Voucher sales: the voucher's number (printed on the receipt, in the reports' data). */
  voucher_number: Generated<string>;
  /** The guest's receipt language ('en' | 'es'); null: the venue's (decision 122). */
  language_code: string | null;
  created_at: number;
  deleted_at: number | null;
  deleted_by: number | null;
  /** 1: a sale of food and drink (issue 35, decision 350); the daily figures keep it apart from rentals. */
  fnb: Generated<number>;
}

export interface SaleItemsTable {
  id: Generated<number>;
  sale_id: number;
  position_id: number | null;
  price_id: number | null;
  /** The database also holds 'fnb' (issue 35): a food-and-drink line, written by features/fnb only. */
  kind: 'unit' | 'addon';
  name: string;
  list_cents: number;
  charged_cents: number;
  retail_cents: number;
}

export interface ReprintsTable {
  id: Generated<number>;
  sale_id: number;
  user_id: number;
  at: number;
}

/** A sale's signature as a 1-bit PNG (features/sales/signature-png.ts), apart from the sales row. */
export interface SaleSignaturesTable {
  sale_id: number;
  png: Buffer;
}

/** Every printed slip of a sale: the first is the print, later ones are reprints. */
export interface ReceiptPrintsTable {
  id: Generated<number>;
  sale_id: number;
  user_id: number | null;
  at: number;
}

export interface DropoffsTable {
  id: Generated<number>;
  user_id: number;
  day: string;
  amount_cents: number;
  notes: string;
  at: number;
  /** Set when a supervisor or admin voided it: left out of every total. */
  voided_at: number | null;
  voided_by: number | null;
  void_reason: string | null;
  /** The tablet's key for a drop-off (issue 23): a replay with the same key is the same drop-off. */
  client_key: string | null;
}

export interface SalesTables {
  sales: SalesTable;
  sale_items: SaleItemsTable;
  sale_signatures: SaleSignaturesTable;
  reprints: ReprintsTable;
  receipt_prints: ReceiptPrintsTable;
  dropoffs: DropoffsTable;
}

export interface LogDetailsTable {
  id: Generated<number>;
  category: string;
  name: string;
  label: string;
  placeholder: string;
  field_sort: number;
  field_type: string;
  created_at: number;
}

export interface DailyLogsTable {
  id: Generated<number>;
  log_date: string;
  /** JSON: { [fieldName]: { value, user } }, user = initials of the last editor of that field. */
  data: string;
  created_at: number;
  created_by: number | null;
  updated_at: number;
  updated_by: number | null;
}

export interface ReportEmailRunsTable {
  day: string;
  at: number;
}

export interface DailyOpsTables {
  log_details: LogDetailsTable;
  daily_logs: DailyLogsTable;
  report_email_runs: ReportEmailRunsTable;
}

export interface UnitMovesTable {
  id: Generated<number>;
  day: string;
  customer_id: number | null;
  customer_name: string;
  from_position_id: number;
  to_position_id: number;
  from_label: string;
  to_label: string;
  user_id: number | null;
  at: number;
}

export interface MoveTables {
  unit_moves: UnitMovesTable;
}

/** The whole database. Each feature adds its tables interface here. */
export interface UploadsTable {
  id: Generated<number>;
  kind: 'file' | 'image' | 'document' | 'tinymce' | 'roster';
  file_name: string;
  stored_name: string;
  mime_type: string;
  size_bytes: number;
  table_name: string;
  record_id: string;
  field_name: string;
  client_id: string;
  folder_id: string;
  full_path: string;
  status: number;
  status_reason: string;
  user_id: number | null;
  created_at: number;
}

export interface UploadsTables {
  uploads: UploadsTable;
}

/** "Needs attention": offline sales whose unit was taken meanwhile (issue 13). */
export interface SaleAttentionTable {
  id: Generated<number>;
  sale_id: number;
  customer_id: number;
  location_id: number;
  day: string;
  promised_position_id: number;
  promised_label: string;
  customer_name: string;
  payment_method: string;
  amount_cents: number;
  taken_at: number;
  taken_by: number | null;
  received_at: number;
  resolved_at: number | null;
  resolved_by: number | null;
  resolved_position_id: number | null;
}

export interface OfflineSaleTables {
  sale_attention: SaleAttentionTable;
}

export interface DB
  extends
    AuthTables,
    OutboxTables,
    VenueTables,
    BoardTables,
    SalesTables,
    DailyOpsTables,
    MoveTables,
    UploadsTables,
    ReportTables,
    OfflineSaleTables,
    ReservationTables,
    PmsTables,
    PaymentTables,
    FnbTables {}

/** A hotel's PMS connection (issue 34); no row: the guest roster. */
export interface HotelPmsTable {
  hotel_id: number;
  kind: 'roster' | 'mews' | 'opera';
  endpoint: string;
  property_code: string;
  currency: string;
  /** AES-256-GCM of the credentials' JSON (platform/secrets.ts); '' when none. */
  secret_enc: string;
  /** JSON of PmsMapping. */
  mapping: string;
  updated_at: number;
  /** When the hotel was connected to this PMS: its room charges from then on are posted. */
  connected_at: Generated<number>;
}

/** One folio posting of a room-charge sale (a charge, or the void of one), queued until the PMS confirms it. */
export interface PmsPostingsTable {
  id: Generated<number>;
  sale_id: number;
  hotel_id: number;
  day: string;
  action: 'charge' | 'void';
  /** Derived from the sale (ourTransactionId and the posting's number): the same posting has the same key. */
  idem_key: string;
  /** Signed: a void is the negative of the charge it voids. */
  amount_cents: number;
  /** JSON of the folio lines: [{ item, code, description, cents }]. */
  lines: string;
  room_number: string;
  last_name: string;
  reason: string;
  status: 'pending' | 'posted' | 'failed' | 'voided';
  attempts: number;
  next_attempt_at: number;
  pms_ref: string | null;
  last_error: string | null;
  created_at: number;
  posted_at: number | null;
  /** A reversal: the charge posting it reverses (its key is that charge's key + '-void'). */
  voids_id: number | null;
  /** The PMS's reservation and account the posting went to (a reversal goes to the same folio). */
  reservation_id: string | null;
  account_id: string | null;
}

export interface PmsTables {
  hotel_pms: HotelPmsTable;
  pms_postings: PmsPostingsTable;
}

export interface SaleCorrectionsTable {
  id: Generated<number>;
  sale_id: number;
  kind: 'delete' | 'restore' | 'price' | 'tip' | 'tipDelete' | 'switch';
  /** JSON text of the corrected fields before and after. */
  before_value: string;
  after_value: string;
  user_id: number | null;
  at: number;
  /** Why the admin corrected it (issue 26); '' for corrections made before reasons were kept. */
  reason: Generated<string>;
  /** How much the sale's counted money changed (after − before, tip included), in cents. */
  delta_cents: Generated<number>;
}

export interface ReportConfigsTable {
  id: Generated<number>;
  report_type: string;
  name: string;
  email_addresses: string;
  created_at: number;
}

export interface ReportTables {
  sale_corrections: SaleCorrectionsTable;
  report_configs: ReportConfigsTable;
}

/** Advance bookings (issue 24, decision 170). */
export interface ReservationsTable {
  id: Generated<number>;
  location_id: number;
  status: 'held' | 'confirmed' | 'checked_in' | 'no_show' | 'cancelled';
  channel: 'staff' | 'phone' | 'online';
  booking_window: 'full' | 'morning' | 'afternoon';
  first_day: string;
  last_day: string;
  guest_name: string;
  phone: string;
  email: string;
  hotel_id: number | null;
  room_number: string;
  last_name: string;
  party_size: number;
  arrival: string;
  notes: string;
  language_code: string | null;
  /** A held reservation (a guest mid-checkout, a waitlist offer) lets its units go at this time. */
  hold_expires_at: number | null;
  /** SHA-256 of the guest's manage-link token; the token itself is never stored. */
  manage_token_hash: string | null;
  manage_expires_at: number | null;
  /** The check-in sale. */
  sale_id: number | null;
  status_reason: string;
  version: number;
  created_at: number;
  created_by: number | null;
  updated_at: number;
  updated_by: number | null;
}

export interface ReservationUnitsTable {
  id: Generated<number>;
  reservation_id: number;
  position_id: number;
  day: string;
  booking_window: 'full' | 'morning' | 'afternoon';
  /** When the reservation let this unit-day go (cancelled, no-show, moved, checked in). */
  released_at: number | null;
}

/** The half-days live reservations hold: primary key (position_id, day, half). */
export interface ReservationClaimsTable {
  position_id: number;
  day: string;
  half: 'am' | 'pm';
  reservation_id: number;
}

export interface ReservationPaymentsTable {
  id: Generated<number>;
  reservation_id: number;
  kind: 'deposit' | 'refund' | 'forfeit' | 'applied';
  method: string;
  amount_cents: number;
  /** The business day it counts on (a deposit: the day it was taken, in that day's drop-off). */
  day: string;
  at: number;
  user_id: number | null;
  card_transaction_id: string | null;
  voucher_number: string;
  reason: string;
  sale_id: number | null;
}

/** A guest waiting for a unit of a full day (issue 24 point 7). */
export interface WaitlistRequestsTable {
  id: Generated<number>;
  day: string;
  location_id: number;
  /** '' any unit type. */
  unit_type: string;
  booking_window: 'full' | 'morning' | 'afternoon';
  guest_name: string;
  phone: string;
  email: string;
  party_size: number;
  language_code: string | null;
  channel: 'staff' | 'phone' | 'online';
  status: 'waiting' | 'offered' | 'booked' | 'expired' | 'cancelled';
  /** The held booking offered to this request (its hold is the offer's time limit). */
  offer_reservation_id: number | null;
  version: number;
  created_at: number;
  updated_at: number;
}

/** An extra (price-list add-on) a booking asks for; the check-in sale that sells it sets sale_id. */
export interface ReservationItemsTable {
  id: Generated<number>;
  reservation_id: number;
  price_id: number;
  sale_id: number | null;
}

export interface ReservationTables {
  reservation_items: ReservationItemsTable;
  waitlist_requests: WaitlistRequestsTable;
  reservations: ReservationsTable;
  reservation_units: ReservationUnitsTable;
  reservation_claims: ReservationClaimsTable;
  reservation_payments: ReservationPaymentsTable;
}

/** A payment asked of a guest through a provider (issue 33): a Checkout Session, a test-provider page. */
export interface PaymentIntentsTable {
  id: Generated<number>;
  reservation_id: number;
  provider: string;
  /** The provider's id of what the guest pays on (a Checkout Session id). */
  provider_ref: string;
  /** The provider's id of the money once paid (a PaymentIntent id): what a refund names. */
  payment_ref: string | null;
  /** The provider's page the guest pays on (sent again while the payment is due). */
  pay_url: Generated<string>;
  purpose: 'booking' | 'link';
  amount_cents: number;
  currency: string;
  /** open → paid | failed | expired | cancelled; a payment on a booking gone is refunded ('late'); wrong amount 'mismatch'. */
  status: 'open' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'late' | 'mismatch';
  paid_cents: Generated<number>;
  created_at: number;
  expires_at: number;
  updated_at: number;
}

/** A verified provider event, once per (provider, event id). */
export interface PaymentWebhookEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  /** processed: it changed something; ignored: nothing to do (already done, unknown type); refused: with reason. */
  status: 'processed' | 'ignored' | 'refused';
  reason: Generated<string>;
  intent_id: number | null;
  received_at: number;
}

/** A refund sent (or to be sent) to the provider; a ledger row is written only once the provider accepted it. */
export interface PaymentRefundsTable {
  id: Generated<number>;
  reservation_id: number;
  intent_id: number;
  amount_cents: number;
  status: 'queued' | 'sending' | 'pending' | 'succeeded' | 'failed';
  provider_refund_ref: string | null;
  reason: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: number;
  created_at: number;
  created_by: number | null;
  updated_at: number;
}

/** A balance line of the provider as Sandbar last read it (decision 305): signed minor units. */
export interface PaymentProviderLinesTable {
  id: Generated<number>;
  provider: string;
  line_id: string;
  type: 'charge' | 'refund' | 'other';
  amount_cents: number;
  fee_cents: number;
  net_cents: number;
  currency: string;
  created_at: number;
  /** The venue's business day the provider created it on. */
  day: string;
  source_ref: string | null;
  read_at: number;
}

/** When a business day's lines were last read from the provider. */
export interface PaymentProviderDaysTable {
  provider: string;
  day: string;
  read_at: number;
}

export interface PaymentTables {
  payment_intents: PaymentIntentsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  payment_refunds: PaymentRefundsTable;
  payment_links: PaymentLinksTable;
  payment_link_sends: PaymentLinkSendsTable;
  payment_provider_lines: PaymentProviderLinesTable;
  payment_provider_days: PaymentProviderDaysTable;
}

/** A payment link staff sent a phone booking's guest (issue 33 point 7, decision 310). */
export interface PaymentLinksTable {
  id: Generated<number>;
  reservation_id: number;
  /** The booking's id while the link is out; NULL once cancelled (unique: one link out per booking). */
  open_reservation_id: number | null;
  status: 'sent' | 'cancelled';
  amount_kind: 'deposit' | 'full';
  amount_cents: number;
  currency: string;
  /** The guest pays by then: the booking's hold runs out at the same moment. */
  expires_at: number;
  created_at: number;
  created_by: number | null;
  updated_at: number;
}

/** One text or e-mail of a payment link, with its own token (only its SHA-256 kept). */
export interface PaymentLinkSendsTable {
  id: Generated<number>;
  link_id: number;
  token_hash: string;
  channel: 'sms' | 'email';
  recipient: string;
  sent_at: number;
  sent_by: number | null;
  /** The token opens the guest's page until then (the end of the day after the booking). */
  expires_at: number;
}
