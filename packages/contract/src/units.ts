import { z } from 'zod';
import { Id, Money, digitsBetween, idOf, wholeNumber } from './common';
import { UnitReservation } from './reservations';
import { messages } from './messages';
import { EquipmentDataOut } from './sales';

// The beach board (spec sections 3, 4 and 7; DESIGN.md section 5). A "unit id" in the API is the
// permanent position id; what stands on it (type, number) is set with the Set Unit form, and what
// happens to it (status, customers, notes, logs) is per business day.

export const UnitType = z.enum(['U', 'C', 'B', 'X', 'P', 'T']);
export type UnitType = z.infer<typeof UnitType>;
export const unitTypes = UnitType.options;

/** Names shown in the Set Unit type picker. */
export const unitTypeLabels: Record<UnitType, string> = {
  U: 'Umbrella',
  C: 'Cabana',
  B: 'Bed',
  X: 'X Chair',
  P: 'Pier',
  T: 'Tower',
};

/** Status codes 0-6 (DESIGN.md section 5). */
export const unitStatus = {
  empty: 0,
  held: 1,
  paid: 2,
  left: 3,
  roomCharge: 4,
  occupied: 5,
  dark: 6,
} as const;
export type UnitStatus = (typeof unitStatus)[keyof typeof unitStatus];

/** Statuses that open the New Customer tab (spec section 4 and 9). */
export const newCustomerStatuses: readonly number[] = [1, 3, 5];

/** T and P (tent/pavilion; here tower and pier) have a number-only modal. */
export const numberOnlyTypes: readonly string[] = ['T', 'P'];

export type UnitTab = 'number' | 'newCustomer' | 'customers' | 'log' | 'notes';
export const unitTabs: readonly UnitTab[] = ['number', 'newCustomer', 'customers', 'log', 'notes'];

/** Which tab the modal opens on (spec section 4, "On loading a unit"). */
export function openingTab(unit: {
  unitType: string;
  unitStatus: number | string;
  umbrellaType: string | null;
}): UnitTab {
  if (numberOnlyTypes.includes(unit.unitType)) return 'number';
  if (newCustomerStatuses.includes(Number(unit.unitStatus))) return 'newCustomer';
  return unit.umbrellaType ? 'customers' : 'number';
}

/** A 10-digit epoch-seconds timestamp (spec section 9); 13-digit milliseconds are accepted too. */
const timeStampText = 'The time stamp must be a date between the years 2000 and 2099';
// Seconds from 2000-01-01 to 2100-01-01: a day in year 33658 is not a day of any season.
const firstSecond = 946684800;
const lastSecond = 4102444800;
// Milliseconds are the 13-digit ones (from 2001-09-09): a 12-digit number is neither seconds of this
// century nor a time stamp in milliseconds as clients send them, so it is refused (bad-input test).
const firstMillisecond = 1_000_000_000_000;
const ts = { error: timeStampText };
/** As a JSON number or its digits, in seconds or milliseconds; the range is in the document. */
export const TimeStamp = z
  .union(
    [
      z.number(ts).int(ts).min(firstSecond, ts).max(lastSecond, ts),
      z
        .number(ts)
        .int(ts)
        .min(firstMillisecond, ts)
        .max(lastSecond * 1000, ts),
      z.string(ts).regex(new RegExp(digitsBetween(firstSecond, lastSecond)), ts),
      z.string(ts).regex(new RegExp(digitsBetween(firstMillisecond, lastSecond * 1000)), ts),
    ],
    { error: timeStampText },
  )
  .transform((v) => {
    const n = Number(v);
    return n >= firstMillisecond ? Math.floor(n / 1000) : n;
  });

// ---------- responses ----------

export const UnitCustomer = z.object({
  id: z.number().int(),
  /** Seated at, epoch ms. */
  epoc: z.number(),
  customerName: z.string(),
  paymentMethod: z.string(),
  price: Money,
  receiptType: z.string(),
  receiptPhone: z.string(),
  receiptEmail: z.string(),
  /** seated | left (a customer who left can be re-seated). */
  state: z.string(),
  saleId: z.number().int().nullable(),
  /** The customer's sale was deleted by an admin (its amount no longer counts; restorable). */
  deleted: z.boolean().optional(),
  /** When (epoch ms) and by whom it was deleted, with `deleted`. */
  deletedAt: z.number().optional(),
  deletedBy: z.string().nullable().optional(),
});
export type UnitCustomer = z.infer<typeof UnitCustomer>;

export const Unit = z.object({
  /** The position id: the id every unit call takes. */
  id: z.number().int(),
  unitType: z.string(),
  /** 0 means unset (a blank tile). */
  unitNumber: z.number().int(),
  unitStatus: z.number().int().min(0).max(6),
  /** The location's initials, e.g. "MB". */
  location: z.string(),
  locationId: z.number().int(),
  row: z.number().int(),
  position: z.number().int(),
  totalPrice: Money,
  paymentMethod: z.string(),
  umbrellaType: z.string().nullable(),
  /** Bumped on every change; send it back as `version` to be told (409) when it is stale. */
  version: z.number().int(),
  customers: z.array(UnitCustomer),
  /** Who holds the unit in a cart (status 1), if anyone. */
  heldBy: z.string().nullable(),
  /** The tile's sale was deleted: the tile reads "Deleted" beside its amount (issue 26). */
  saleDeleted: z.boolean().optional(),
  /** Bookings holding the unit that day (status 1, issue 24); absent when none. */
  reservations: z.array(UnitReservation).optional(),
});
export type Unit = z.infer<typeof Unit>;

export const UnitEntry = z.object({
  id: z.number().int(),
  /** Initials of who wrote it. */
  admin: z.string(),
  epoc: z.number(),
  note: z.string(),
});
export type UnitEntry = z.infer<typeof UnitEntry>;

export const LocationTotals = z.object({
  units: z.number().int(),
  occupied: z.number().int(),
  empty: z.number().int(),
  revenue: Money,
});

export const BoardLocation = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  /** Initials. */
  name: z.string(),
  fullName: z.string(),
  umbrellas: z.number().int(),
  umbrellaRows: z.number().int(),
  /** Rows of units, row 1 first. */
  units: z.array(z.array(Unit)),
  totals: LocationTotals,
});
export type BoardLocation = z.infer<typeof BoardLocation>;

export const DashboardData = z.object({
  locations: z.array(BoardLocation),
  hotels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Season start and end as 10-digit timestamps (admin start-date / end-date buttons). */
  startTime: z.number().int(),
  endTime: z.number().int(),
  /** Season start and end, YYYY-MM-DD. */
  startDate: z.string(),
  endDate: z.string(),
  startDOY: z.number().int(),
  endDOY: z.number().int(),
  /** The business day shown, YYYY-MM-DD. */
  currentDay: z.string(),
  /** A 10-digit timestamp inside the day shown (its venue midnight). */
  currentTime: z.number().int(),
  /** Day of month of the day shown. */
  dom: z.number().int(),
  /** Day of year of the day shown. */
  doy: z.number().int(),
  /** Today at the venue, YYYY-MM-DD. */
  today: z.string(),
  totalUnits: z.number().int(),
  /** Units per location id. */
  totalLocationUnits: z.record(z.string(), z.number().int()),
  noLocations: z.boolean(),
  /** May this user change units on the day shown (DESIGN.md section 5 editing window)? */
  editable: z.boolean(),
  /** Set when a searchTerm was given. */
  search: z.object({ searchTerm: z.string(), count: z.number().int(), unitIds: z.array(z.number().int()) }).nullable(),
});
export type DashboardData = z.infer<typeof DashboardData>;

export const UnitDetail = Unit.extend({
  day: z.string(),
  currentTime: z.number().int(),
  loadTime: z.number(),
  editable: z.boolean(),
  notes: z.array(UnitEntry),
  logs: z.array(UnitEntry),
  /** GET /getUnit/{id}/{currentTime} only: what may be sold on this unit at that time (spec section 3). */
  equipmentData: EquipmentDataOut.optional(),
});
export type UnitDetail = z.infer<typeof UnitDetail>;

export const UnitResponse = z.object({ success: z.literal(1), details: z.string(), unit: Unit });
export type UnitResponse = z.infer<typeof UnitResponse>;

export const MoveResponse = z.object({
  success: z.literal(1),
  details: z.string(),
  moveCustomer: z.literal(true),
  oldUnit: Unit,
  newUnit: Unit,
});
export type MoveResponse = z.infer<typeof MoveResponse>;

export const EntryResponse = z.object({ success: z.literal(1), details: z.string(), entry: UnitEntry });
export const PrintResponse = z.object({ PrintCode: z.string() });

// ---------- requests ----------

/** At most this many location ids in one board request (a venue's locations fit many times over). */
export const MAX_BOARD_LOCATIONS = 200;
const locationIdsText = 'locationIds must be location ids separated by commas, e.g. 1,2';
/**
 * Part of the board (issue 25, big venues): `locationIds=1,2` answers only those of the user's
 * locations, in the same shape; left out, every assigned location (the spec's call, unchanged).
 */
export const BoardLocationIds = z
  .string({ error: locationIdsText })
  .regex(new RegExp(`^[1-9]\\d{0,8}(,[1-9]\\d{0,8}){0,${MAX_BOARD_LOCATIONS - 1}}$`), { error: locationIdsText })
  .transform((v) => [...new Set(v.split(',').map(Number))].sort((a, b) => a - b))
  .meta({
    description: 'Only these of your locations (comma-separated ids); every assigned location when left out.',
    example: '1,2',
  });

export const UnitsQuery = z.object({
  searchTerm: z.string().trim().max(100).optional(),
  locationIds: BoardLocationIds.optional(),
});
export const TimeStampParam = z.object({ timestamp: TimeStamp });
export const UnitIdParam = z.object({ id: Id });
export const UnitNotesParam = z.object({ unitId: Id });
export const UnitTimeParam = z.object({ id: Id, currentTime: TimeStamp });

const unitId = idOf('Choose a unit');
/** The unit version the client saw (a whole number). */
const Version = wholeNumber(0, Number.MAX_SAFE_INTEGER, 'The version is a whole number');
const optionalDay = {
  /** The day acted on (10-digit timestamp); today when left out. */
  timeStamp: TimeStamp.optional(),
  /** The unit version the client saw; a stale one answers 409. */
  version: Version.optional(),
};

const unitNumberText = 'The unit number must be a number';
const unitNumberError = {
  error: (iss: { input?: unknown }) => {
    const raw = iss.input == null ? '' : String(iss.input).trim();
    return raw === '' || Number(raw) === 0 ? messages.unit.numberBlank : unitNumberText;
  },
};
/** 1–999999, as a number or digits (leading zeros allowed: the form keeps what was typed). */
const UnitNumberIn = z
  .union(
    [
      z.number(unitNumberError).int(unitNumberError).min(1, unitNumberError).max(999_999, unitNumberError),
      z.string(unitNumberError).regex(/^0*[1-9]\d{0,5}$/, unitNumberError),
    ],
    unitNumberError,
  )
  .transform(Number);

/** POST /saveUmbrellaNumber: the Set Unit form. Both messages show together (spec section 5). */
export const SaveUmbrellaNumberData = z.object({
  unitId,
  unitNumber: UnitNumberIn,
  unitType: z.enum(unitTypes, { error: messages.unit.typeBlank }),
  version: Version.optional(),
});
export const SaveUmbrellaNumberBody = z.object({ unitData: SaveUmbrellaNumberData });
export type SaveUmbrellaNumberBody = z.input<typeof SaveUmbrellaNumberBody>;

/** markEmpty / markOccupiedEmpty / markOccupied. */
export const UnitActionData = z.object({
  unitId,
  /** Mark empty on a paid unit: which customer left (default: the seated one). */
  customerId: Id.optional(),
  ...optionalDay,
});
export const UnitActionBody = z.object({ unitData: UnitActionData });
export type UnitActionBody = z.input<typeof UnitActionBody>;

const customerId = idOf('Choose a customer');
const ReseatData = z.object({ customerId, unitId, ...optionalDay });
/**
 * POST /reseatCustomer. The spec writes `{unitData: customerId, unitId}`: read literally, the
 * customer id is `unitData` itself and the unit sits beside it. Both that and the nested
 * `{unitData: {customerId, unitId}}` are accepted; the server sees the nested form.
 */
export const ReseatBody = z.union([
  z.object({ unitData: ReseatData }),
  z
    .object({ unitData: customerId, unitId, ...optionalDay })
    .transform(({ unitData, ...rest }) => ({ unitData: { customerId: unitData, ...rest } })),
]);
export type ReseatBody = z.input<typeof ReseatBody>;

const MoveSide = z.object({
  unitId,
  /** Accepted for the spec's shape; the position id in unitId is what counts. */
  unitDBId: z.union([z.string(), z.number()]).optional().nullable(),
  customerId: Id.optional().nullable(),
  version: Version.optional(),
});
export const MoveBody = z.object({
  newUnitData: MoveSide,
  oldUnitData: MoveSide,
  timeStamp: TimeStamp.optional(),
});
export type MoveBody = z.input<typeof MoveBody>;

// `\S` before the trim: the document says a blank text is refused (a pattern), as the code does.
const textOf = (message: string, max: number) =>
  z.string({ error: message }).regex(/\S/, { error: message }).trim().min(1, { error: message }).max(max);

export const LogActionBody = z.object({
  unitId,
  logText: textOf('Write what happened first', 2000),
  timeStamp: TimeStamp.optional(),
});
export type LogActionBody = z.input<typeof LogActionBody>;

export const SaveUnitNotesBody = z.object({
  customNotes: textOf('Write a note first', 4000),
  timeStamp: TimeStamp.optional(),
});
export type SaveUnitNotesBody = z.input<typeof SaveUnitNotesBody>;

export const PrintUnitNotesBody = z.object({
  noteId: idOf('Choose a note'),
});
export type PrintUnitNotesBody = z.input<typeof PrintUnitNotesBody>;

/** What GET /events pushes (one JSON object per `data:` line). */
export const BoardEventMessage = z.object({
  type: z.string(),
  day: z.string(),
  unitIds: z.array(z.number().int()),
  locationIds: z.array(z.number().int()).optional(),
});
export type BoardEventMessage = z.infer<typeof BoardEventMessage>;
