import type { Generated } from 'kysely';

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

/** The whole database. Each feature adds its tables interface here. */
export interface DB extends AuthTables, OutboxTables, VenueTables {}
