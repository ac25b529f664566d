import { z } from 'zod';
import { type CodeRule, Id } from './common';
import { PaymentMethod, SignatureDataUrl, saleTexts } from './sales';
import {
  fnbAllergens,
  fnbLanguages,
  fnbLimits,
  fnbOrderStatuses,
  fnbPayments,
  fnbStations,
  fnbTexts,
} from './fnb-texts';

// Food and drink to the unit (issue 35, decision 350): the menu, the units' QR codes, orders and
// their stations, the unit-day tab. Money is integer cents here, both ways (`priceCents`,
// `totalCents`): a menu adds modifier deltas and quantities, and whole numbers leave nothing to
// parse or round. Words are in fnb-texts.ts (EN/ES); the server answers a guest in the order's
// language and staff in English (the web app's i18n turns staff answers by their text).

const errors = fnbTexts.en.errors;

/** The refusals of rules joining two fields (the OpenAPI document lists them as rules in code). */
export const fnbRuleTexts = {
  guestPaysNow: 'A guest pays online, to the room or to the tab.',
  staffOnline: 'Staff take payment now, to the room or to the tab.',
  selectMethod: 'Select a payment method',
  cardNeedsTransaction: saleTexts.cardNeedsTransaction,
  roomNeedsGuest: saleTexts.roomChargeNeedsGuest,
} as const;
export { fnbAllergens, fnbLimits, fnbOrderStatuses, fnbPayments, fnbStations };

/** Every F&B call, by its path under /api (the spec's /getX, /saveX style; guests under /public). */
export const fnbRoutes = {
  // Admin → Menu (access fnbMenu; photos through the existing /image-upload).
  getMenu: 'GET /getFnbMenu',
  saveCategory: 'POST /saveFnbCategory',
  deleteCategory: 'POST /deleteFnbCategory',
  saveItem: 'POST /saveFnbItem',
  deleteItem: 'POST /deleteFnbItem',
  /** The 86 switch: any signed-in seller (a bartender runs out of limes); reaches every screen live. */
  setSoldOut: 'POST /setFnbSoldOut',
  // QR codes (access fnbQr).
  getUnitCodes: 'GET /getFnbUnitCodes',
  rotateUnitCodes: 'POST /rotateFnbUnitCodes',
  // Staff orders and the station screens (access fnbOrders).
  getOrders: 'GET /getFnbOrders',
  getStation: 'GET /getFnbStation/:station',
  bumpOrder: 'POST /bumpFnbOrder',
  getRunner: 'GET /getFnbRunner',
  moveOrder: 'POST /moveFnbOrder',
  saveOrder: 'POST /saveFnbOrder',
  voidOrder: 'POST /voidFnbOrder',
  getTab: 'GET /getFnbTab/:id',
  getUnitTab: 'GET /getFnbUnitTab/:unitId',
  getOpenTabs: 'GET /getFnbOpenTabs',
  /** Tabs still open after their day (Needs attention's F&B banner). */
  getAttention: 'GET /getFnbAttention',
  settleTab: 'POST /settleFnbTab',
  /** Staff refund money a guest paid online for an order or a tab (all or part, a reason; decision 369). */
  refundOnline: 'POST /refundFnbOnline',
  /** Online refunds not yet accepted by the provider (Needs attention), and a Retry (decision 368). */
  getRefunds: 'GET /getFnbRefunds',
  retryRefund: 'POST /retryFnbRefund',
  // Reports (access reports).
  getReport: 'GET /getFnbReport',
  // The guest's page /order/<token> (public).
  publicMenu: 'GET /public/order/:token',
  publicPlace: 'POST /public/order/:token',
  publicStatus: 'GET /public/order/:token/status',
  publicPayTab: 'POST /public/order/:token/pay-tab',
  /** The unit's tab total, for a guest who gives the last 4 of the party's phone (decision 355). */
  publicTab: 'POST /public/order/:token/tab',
} as const;

/**
 * The live events F&B publishes on the board's stream (GET /events), `{type, day, unitIds, locationIds}`:
 * `unitIds` is always empty (the board's tile patching has nothing to refetch; a screen that shows
 * orders refetches its F&B call), `day` the business day, `locationIds` the unit's location (none for
 * `fnbMenu`: every screen).
 */
export const fnbEvents = {
  /** An order was placed, bumped, moved, delivered or voided: stations, runners and the board refetch. */
  order: 'fnbOrder',
  /** The menu changed (86 on/off, an item saved): every screen showing the menu refetches it. */
  menu: 'fnbMenu',
  /** A tab opened, grew or was settled. */
  tab: 'fnbTab',
} as const;

export const FnbStation = z.enum(fnbStations, { error: 'The station is bar or kitchen.' });
export const FnbOrderStatus = z.enum(fnbOrderStatuses);
export const FnbPayment = z.enum(fnbPayments, { error: 'Choose how to pay.' });
export const FnbAllergen = z.enum(fnbAllergens, { error: 'Not an allergen the menu knows.' });
export const FnbLanguage = z.enum(fnbLanguages).default('en');
export type FnbStation = z.infer<typeof FnbStation>;
export type FnbOrderStatus = z.infer<typeof FnbOrderStatus>;
export type FnbPayment = z.infer<typeof FnbPayment>;

const name = (max: number) => z.string().trim().min(1, { error: errors.nameBlank }).max(max);
const optText = (max: number) => z.string().trim().max(max).default('');
const note = z.string().trim().max(fnbLimits.maxNote).default('');
/** Whole cents of a price: 0 to 10,000.00. */
const Cents = z.number({ error: errors.priceInvalid }).int({ error: errors.priceInvalid }).min(0).max(1_000_000);
/** A modifier's price change in cents (may be negative: "small −1.00"). */
const DeltaCents = z
  .number({ error: errors.priceInvalid })
  .int({ error: errors.priceInvalid })
  .min(-100_000)
  .max(100_000);
/** Serving hours as the price windows have them: whole hours, 0–24, end after start; null = all day. */
const Hour = z.number().int().min(0).max(24);
const Photo = z
  .string()
  .trim()
  .max(500)
  .regex(/^(?:|\/api\/uploads\/[A-Za-z0-9._-]+|https:\/\/\S+)$/, { error: errors.photoInvalid })
  .default('');
const hoursRule = (v: { startHour: number | null; endHour: number | null }) =>
  (v.startHour == null) === (v.endHour == null) && (v.startHour == null || v.endHour! > v.startHour);

// ---------------------------------------------------------------------------------------------
// Menu

export const FnbModifierOption = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEs: z.string(),
  priceDeltaCents: z.number().int(),
});
export type FnbModifierOption = z.infer<typeof FnbModifierOption>;

/** A choice on an item (size, ice, extra shot): pick minChoices…maxChoices of its options. */
export const FnbModifierGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEs: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  options: z.array(FnbModifierOption),
});
export type FnbModifierGroup = z.infer<typeof FnbModifierGroup>;

export const FnbItem = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  nameEs: z.string(),
  description: z.string(),
  descriptionEs: z.string(),
  priceCents: z.number().int(),
  /** '' or a URL (an upload or https). */
  photoUrl: z.string(),
  allergens: z.array(FnbAllergen),
  station: FnbStation,
  /** "86": shown, not orderable; switched by staff, heard live by every phone and tablet. */
  soldOut: z.boolean(),
  /** Serving hours of the item; null = the category's (or all day). */
  startHour: z.number().int().nullable(),
  endHour: z.number().int().nullable(),
  sortOrder: z.number().int(),
  /** Off the menu (kept for the reports' history). */
  active: z.boolean(),
  modifierGroups: z.array(FnbModifierGroup),
});
export type FnbItem = z.infer<typeof FnbItem>;

export const FnbCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEs: z.string(),
  startHour: z.number().int().nullable(),
  endHour: z.number().int().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
});
export type FnbCategory = z.infer<typeof FnbCategory>;

/** GET /getFnbMenu (staff, every item) and the guest's menu (active items only, with `orderable`). */
export const FnbMenu = z.object({
  categories: z.array(FnbCategory),
  items: z.array(FnbItem),
  /** The venue's "now" hour, so a page greys what is not served at this hour as the server would. */
  hourNow: z.number().int(),
  currency: z.string(),
});
export type FnbMenu = z.infer<typeof FnbMenu>;

/** POST /saveFnbCategory: id absent = new. */
export const SaveFnbCategoryBody = z
  .strictObject({
    id: Id.optional(),
    name: name(100),
    nameEs: optText(100),
    startHour: Hour.nullable().default(null),
    endHour: Hour.nullable().default(null),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .refine(hoursRule, { error: errors.hoursInvalid, path: ['endHour'] });
export type SaveFnbCategoryBody = z.input<typeof SaveFnbCategoryBody>;

const ModifierOptionIn = z.strictObject({
  /** Present: the option kept (orders in carts keep naming it); absent: a new option. */
  id: Id.optional(),
  name: name(60),
  nameEs: optText(60),
  priceDeltaCents: DeltaCents.default(0),
});
const ModifierGroupIn = z
  .strictObject({
    id: Id.optional(),
    name: name(60),
    nameEs: optText(60),
    minChoices: z.number().int().min(0).max(fnbLimits.maxModifiers).default(0),
    maxChoices: z.number().int().min(1).max(fnbLimits.maxModifiers).default(1),
    options: z.array(ModifierOptionIn).min(1).max(20),
  })
  .refine((g) => g.maxChoices >= g.minChoices && g.minChoices <= g.options.length, {
    error: errors.modifierRange,
    path: ['maxChoices'],
  });

/** POST /saveFnbItem: id absent = new; the modifier groups given replace the item's (by id). */
export const SaveFnbItemBody = z
  .strictObject({
    id: Id.optional(),
    categoryId: Id,
    name: name(100),
    nameEs: optText(100),
    description: optText(500),
    descriptionEs: optText(500),
    priceCents: Cents,
    photoUrl: Photo,
    allergens: z.array(FnbAllergen).max(fnbAllergens.length).default([]),
    station: FnbStation,
    startHour: Hour.nullable().default(null),
    endHour: Hour.nullable().default(null),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
    modifierGroups: z.array(ModifierGroupIn).max(10).default([]),
  })
  .refine(hoursRule, { error: errors.hoursInvalid, path: ['endHour'] });
export type SaveFnbItemBody = z.input<typeof SaveFnbItemBody>;

export const DeleteFnbBody = z.strictObject({ id: Id });
/** POST /setFnbSoldOut: the 86 switch. */
export const SetFnbSoldOutBody = z.strictObject({ itemId: Id, soldOut: z.boolean() });
export type SetFnbSoldOutBody = z.input<typeof SetFnbSoldOutBody>;

export const SaveFnbResponse = z.object({ success: z.literal(1), details: z.string(), id: z.number().int() });
export type SaveFnbResponse = z.infer<typeof SaveFnbResponse>;

// ---------------------------------------------------------------------------------------------
// QR codes

/** A unit's code, as the printable sheet shows it: `/order/<token>` on the venue's public URL. */
export const FnbUnitCode = z.object({
  unitId: z.number().int(),
  /** The unit's label as the board shows it ("MB 12"). */
  label: z.string(),
  row: z.number().int(),
  position: z.number().int(),
  token: z.string(),
  /** The whole address the QR encodes. */
  url: z.string(),
});
export type FnbUnitCode = z.infer<typeof FnbUnitCode>;

/** GET /getFnbUnitCodes?locationId= : one location's sheet (codes made on first ask). */
export const FnbUnitCodesQuery = z.strictObject({ locationId: Id });
export const FnbUnitCodes = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  codes: z.array(FnbUnitCode),
});
export type FnbUnitCodes = z.infer<typeof FnbUnitCodes>;
/** POST /rotateFnbUnitCodes: every code of the location replaced; the old ones answer badToken. */
export const RotateFnbUnitCodesBody = z.strictObject({ locationId: Id });
export const RotateFnbUnitCodesResponse = FnbUnitCodes.extend({ success: z.literal(1), details: z.string() });

/** A token in a path: 16–64 URL-safe characters (the server makes 22). */
export const FnbToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: errors.badToken });
export const FnbTokenParam = z.object({ token: FnbToken });

// ---------------------------------------------------------------------------------------------
// Orders

/** One cart line: an item, how many, its modifier options (ids), a note. */
export const FnbLineIn = z.strictObject({
  itemId: Id,
  quantity: z.number().int().min(1).max(fnbLimits.maxQuantity),
  optionIds: z.array(Id).max(fnbLimits.maxModifiers).default([]),
  note,
});
export type FnbLineIn = z.input<typeof FnbLineIn>;

const Lines = z.array(FnbLineIn).min(1, { error: errors.cartEmpty }).max(fnbLimits.maxLines);
/** The client's order id (a UUID): the same id sent twice records one order (a retry, an offline queue). */
const OrderKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'clientOrderId must be a UUID' });
const last4 = z.string().regex(/^\d{4}$/, { error: errors.tabLast4Wrong });

/**
 * POST /public/order/:token : a guest's order. `totalCents` is what the cart showed: the server
 * prices it again and refuses a different figure (totalChanged), an item 86'd or out of its hours
 * since the menu loaded (itemSoldOut / itemNotNow), with the item's name, in the guest's language.
 */
export const PlaceFnbOrderBody = z
  .strictObject({
    clientOrderId: OrderKey,
    lines: Lines,
    totalCents: z.number().int().min(0),
    payment: FnbPayment,
    guestName: optText(100),
    note,
    languageCode: FnbLanguage,
    /** Room charge: the hotel is the unit's sale's hotel, else the one chosen (when the location has several). */
    hotelId: Id.optional().nullable(),
    roomNumber: optText(20),
    lastName: optText(100),
    /** Tab: the last 4 digits of the phone on the unit's sale or booking today. */
    phoneLast4: last4.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.payment === 'room' && (!b.roomNumber || !b.lastName))
      ctx.addIssue({ code: 'custom', message: errors.roomNeedsGuest, path: ['roomNumber'] });
    if (b.payment === 'tab' && !b.phoneLast4)
      ctx.addIssue({ code: 'custom', message: errors.tabLast4Wrong, path: ['phoneLast4'] });
    if (b.payment === 'paid') ctx.addIssue({ code: 'custom', message: fnbRuleTexts.guestPaysNow, path: ['payment'] });
  });
export type PlaceFnbOrderBody = z.input<typeof PlaceFnbOrderBody>;

/**
 * POST /saveFnbOrder : staff order from the unit modal (queued offline like a cash sale, so the
 * same clientOrderId may arrive twice). paid = paid now with an existing method (cash, card with
 * the reader's id, voucher); room = checked like a room charge; tab = the unit's tab (no last-4).
 */
export const SaveFnbOrderBody = z
  .strictObject({
    clientOrderId: OrderKey,
    unitId: Id,
    lines: Lines,
    totalCents: z.number().int().min(0),
    payment: FnbPayment,
    /** paid now: the method; 'Room Charge' is payment 'room' instead. */
    paymentMethod: PaymentMethod.optional(),
    tipCents: z.number().int().min(0).max(100_000).default(0),
    cardTransactionId: z.string().trim().max(200).optional().nullable(),
    voucherNumber: optText(50),
    signature: SignatureDataUrl,
    hotelId: Id.optional().nullable(),
    roomNumber: optText(20),
    lastName: optText(100),
    guestName: optText(100),
    note,
    /** Set by the tablet's offline queue: when the order was taken (epoch ms). */
    takenAt: z.number().int().positive().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.payment === 'online')
      ctx.addIssue({
        code: 'custom',
        message: 'Staff take payment now, to the room or to the tab.',
        path: ['payment'],
      });
    if (b.payment === 'paid' && (!b.paymentMethod || b.paymentMethod === 'Room Charge'))
      ctx.addIssue({ code: 'custom', message: fnbRuleTexts.selectMethod, path: ['paymentMethod'] });
    if (b.payment === 'paid' && b.paymentMethod === 'Credit Card' && !b.cardTransactionId)
      ctx.addIssue({
        code: 'custom',
        message: fnbRuleTexts.cardNeedsTransaction,
        path: ['cardTransactionId'],
      });
    if (b.payment === 'room' && (!b.roomNumber || !b.lastName))
      ctx.addIssue({ code: 'custom', message: fnbRuleTexts.roomNeedsGuest, path: ['roomNumber'] });
  });
export type SaveFnbOrderBody = z.input<typeof SaveFnbOrderBody>;

export const FnbOrderLine = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  /** Names as ordered (a later menu edit does not rewrite an order). */
  name: z.string(),
  nameEs: z.string(),
  station: FnbStation,
  quantity: z.number().int(),
  /** Each, with its modifiers' deltas. */
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  modifiers: z.array(z.object({ name: z.string(), nameEs: z.string(), priceDeltaCents: z.number().int() })),
  note: z.string(),
});
export type FnbOrderLine = z.infer<typeof FnbOrderLine>;

/** A station's part of an order: each station starts and bumps its own lines. */
export const FnbTicket = z.object({
  station: FnbStation,
  status: z.enum(['received', 'preparing', 'ready']),
  startedAt: z.number().int().nullable(),
  readyAt: z.number().int().nullable(),
});
export type FnbTicket = z.infer<typeof FnbTicket>;

export const FnbOrder = z.object({
  id: z.number().int(),
  /** The number the guest and the bar say ("#42"): the order's id. */
  number: z.number().int(),
  day: z.string(),
  unitId: z.number().int(),
  unitLabel: z.string(),
  locationId: z.number().int(),
  row: z.number().int(),
  position: z.number().int(),
  /** The guest's name: the order's, else the unit's sale's customer today. */
  guestName: z.string(),
  channel: z.enum(['guest', 'staff']),
  status: FnbOrderStatus,
  payment: FnbPayment,
  /** Paid: online once the provider says so; paid now; room and tab orders are paid when posted / settled. */
  paid: z.boolean(),
  tabId: z.number().int().nullable(),
  totalCents: z.number().int(),
  note: z.string(),
  lines: z.array(FnbOrderLine),
  tickets: z.array(FnbTicket),
  takenBy: z.string().nullable(),
  createdAt: z.number().int(),
  readyAt: z.number().int().nullable(),
  onWayAt: z.number().int().nullable(),
  deliveredAt: z.number().int().nullable(),
  voidedAt: z.number().int().nullable(),
  voidReason: z.string().nullable(),
  /** Paid through the payment provider (the order itself, or its tab paid by the guest online). */
  paidOnline: z.boolean(),
  /** What staff corrections refunded of it online (decision 369). */
  refundedCents: z.number().int(),
});
export type FnbOrder = z.infer<typeof FnbOrder>;

export const FnbOrderResponse = z.object({ success: z.literal(1), details: z.string(), order: FnbOrder });
export type FnbOrderResponse = z.infer<typeof FnbOrderResponse>;

/** The guest's view of their order: nothing of anyone else's, no staff names. */
export const PublicFnbOrder = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: FnbOrderStatus,
  payment: FnbPayment,
  paid: z.boolean(),
  totalCents: z.number().int(),
  lines: z.array(FnbOrderLine),
  createdAt: z.number().int(),
  voidReason: z.string().nullable(),
});
export type PublicFnbOrder = z.infer<typeof PublicFnbOrder>;

/** The answer to a guest's order: the order, and for payment 'online' the provider's page. */
export const PlaceFnbOrderResponse = z.object({
  success: z.literal(1),
  details: z.string(),
  order: PublicFnbOrder,
  /** payment 'online': where to send the guest to pay (the order reaches the stations once paid). */
  payUrl: z.string().nullable(),
});
export type PlaceFnbOrderResponse = z.infer<typeof PlaceFnbOrderResponse>;

/** GET /public/order/:token?lang= : what the guest's page needs on load. */
export const PublicFnbMenuQuery = z.object({ lang: z.enum(fnbLanguages).optional() });
export const PublicFnbPage = z.object({
  venueName: z.string(),
  unitLabel: z.string(),
  locationName: z.string(),
  /** Active items only; `soldOut` and the hours say what cannot be ordered now. */
  menu: FnbMenu,
  /** Ways to pay offered at this unit now (online only with a provider; room with a hotel; tab when sold under a name). */
  payments: z.array(FnbPayment),
  /** The hotels a room charge may go to (the unit's sale's hotel first). */
  hotels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  // No tab here: anyone holding the unit's code reads this page; the tab's total goes only to a
  // guest who gave the party's last 4 (POST /public/order/:token/tab, decision 355).
});
export type PublicFnbPage = z.infer<typeof PublicFnbPage>;

/**
 * GET /public/order/:token/status?keys=<clientOrderId>,… : the guest's own orders, polled or on
 * focus. An order is asked for by its clientOrderId (the random id the phone made when placing
 * it), never by its number: numbers are sequential, so anyone holding the unit's code could read
 * other guests' orders by counting (decision 357). The key is the phone's secret.
 */
export const PublicFnbStatusQuery = z.object({
  keys: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}(,[A-Za-z0-9_-]{8,64}){0,19}$/, {
      error: 'keys are clientOrderIds separated by commas',
    })
    .transform((s) => s.split(',')),
});
export const PublicFnbStatus = z.object({ orders: z.array(PublicFnbOrder) });
export type PublicFnbStatus = z.infer<typeof PublicFnbStatus>;

/** POST /public/order/:token/pay-tab : the guest pays the unit's tab online (the last 4 again). */
export const PublicPayTabBody = z.strictObject({
  phoneLast4: last4,
  totalCents: z.number().int().min(1),
  languageCode: FnbLanguage,
});
export const PublicPayTabResponse = z.object({ payUrl: z.string() });

/**
 * POST /public/order/:token/tab : the unit's tab today for a guest who proves the party's last 4
 * (a wrong answer counts towards the unit's lock like an order's; decision 355). A POST so the
 * digits stay out of addresses and logs.
 */
export const PublicFnbTabBody = z.strictObject({ phoneLast4: last4, languageCode: FnbLanguage });
export type PublicFnbTabBody = z.input<typeof PublicFnbTabBody>;
export const PublicFnbTab = z.object({
  /** null: no tab at this unit today. totalCents: its orders not voided and not yet paid. */
  tab: z.object({ totalCents: z.number().int(), settled: z.boolean() }).nullable(),
});
export type PublicFnbTab = z.infer<typeof PublicFnbTab>;

// ---------------------------------------------------------------------------------------------
// Stations and runners

/** POST /bumpFnbOrder : the station's ticket moves on (received → preparing → ready). */
export const BumpFnbOrderBody = z.strictObject({ orderId: Id, station: FnbStation });
/** POST /moveFnbOrder : the runner's steps (ready → on_way → delivered). */
export const MoveFnbOrderBody = z.strictObject({ orderId: Id, status: z.enum(['on_way', 'delivered']) });
/** POST /voidFnbOrder : any status before delivered, with a reason (audited; a paid order is refunded or its sale voided). */
export const VoidFnbOrderBody = z.strictObject({
  orderId: Id,
  reason: z.string().trim().regex(/\S/, { error: errors.voidNeedsReason }).max(200),
});

/** GET /getFnbStation/:station : the station's open tickets, oldest first. */
export const FnbStationParam = z.object({ station: FnbStation });
export const FnbStationQuery = z.object({ locationId: Id.optional() });
export const FnbStationView = z.object({
  station: FnbStation,
  /** Orders with a ticket here not yet ready, oldest first; lines of other stations left out. */
  orders: z.array(FnbOrder),
  amberMinutes: z.number().int(),
  redMinutes: z.number().int(),
  serverTime: z.number().int(),
});
export type FnbStationView = z.infer<typeof FnbStationView>;

/** GET /getFnbRunner : ready and on-its-way orders, grouped by location and row for one walk. */
export const FnbRunnerView = z.object({
  groups: z.array(
    z.object({
      locationId: z.number().int(),
      locationName: z.string(),
      row: z.number().int(),
      orders: z.array(FnbOrder),
    }),
  ),
  serverTime: z.number().int(),
});
export type FnbRunnerView = z.infer<typeof FnbRunnerView>;

/** GET /getFnbOrders?day=&locationId=&unitId= : a day's orders (the board's markers, the unit modal). */
export const FnbOrdersQuery = z.object({
  day: z.iso.date().optional(),
  locationId: Id.optional(),
  unitId: Id.optional(),
});
export const FnbOrdersResponse = z.object({ orders: z.array(FnbOrder) });

// ---------------------------------------------------------------------------------------------
// Tabs

export const FnbTab = z.object({
  id: z.number().int(),
  day: z.string(),
  unitId: z.number().int(),
  unitLabel: z.string(),
  locationId: z.number().int(),
  customerName: z.string(),
  status: z.enum(['open', 'settled']),
  /** Delivered and open orders on the tab (voided ones excluded). */
  totalCents: z.number().int(),
  orders: z.array(FnbOrder),
  openedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  /** The sale that settled it (its receipt, payment method, tip, signature). */
  saleId: z.number().int().nullable(),
  receiptId: z.string().nullable(),
});
export type FnbTab = z.infer<typeof FnbTab>;

export const FnbTabResponse = z.object({ tab: FnbTab.nullable() });
export const FnbUnitTabParam = z.object({ unitId: Id });
export const FnbOpenTabsQuery = z.object({ day: z.iso.date().optional(), locationId: Id.optional() });
export const FnbOpenTabs = z.object({ tabs: z.array(FnbTab) });

/**
 * POST /settleFnbTab : staff settle a unit's tab with the existing methods, the wizard's tip and
 * signature; the settlement is a sale (receipt, Notes/Drops, reports, the PMS queue for a room).
 */
export const SettleFnbTabBody = z
  .strictObject({
    /** The settlement's idempotency key (like a sale's ourTransactionId). */
    ourTransactionId: OrderKey,
    tabId: Id,
    totalCents: z.number().int().min(0),
    paymentMethod: PaymentMethod,
    tipCents: z.number().int().min(0).max(100_000).default(0),
    cardTransactionId: z.string().trim().max(200).optional().nullable(),
    voucherNumber: optText(50),
    signature: SignatureDataUrl,
    hotelId: Id.optional().nullable(),
    roomNumber: optText(20),
    lastName: optText(100),
    receiptType: z.enum(['phone', 'email', 'none']).default('none'),
    customerPhone: optText(50),
    customerEmail: optText(200),
    languageCode: z.enum(fnbLanguages).optional().nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.paymentMethod === 'Credit Card' && !b.cardTransactionId)
      ctx.addIssue({
        code: 'custom',
        message: fnbRuleTexts.cardNeedsTransaction,
        path: ['cardTransactionId'],
      });
    if (b.paymentMethod === 'Room Charge' && (!b.hotelId || !b.roomNumber || !b.lastName))
      ctx.addIssue({ code: 'custom', message: fnbRuleTexts.roomNeedsGuest, path: ['roomNumber'] });
  });
export type SettleFnbTabBody = z.input<typeof SettleFnbTabBody>;
export const SettleFnbTabResponse = z.object({
  success: z.literal(1),
  details: z.string(),
  tab: FnbTab,
  saleId: z.number().int(),
  receiptId: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Online refunds (decisions 368, 369)

/** A refund of F&B money paid online, as staff see it (Needs attention, the refund's answer). */
export const FnbRefund = z.object({
  id: z.number().int(),
  /** unapplied: a guest's payment that paid nothing; void: an order voided before delivery; correction: staff's refund. */
  kind: z.enum(['unapplied', 'void', 'correction']),
  orderId: z.number().int().nullable(),
  tabId: z.number().int().nullable(),
  unitLabel: z.string(),
  locationId: z.number().int(),
  day: z.string(),
  amountCents: z.number().int(),
  /** queued and sending: on its way; pending: the provider's final word awaited; failed: refused, tried again. */
  status: z.enum(['queued', 'sending', 'pending', 'succeeded', 'failed']),
  error: z.string(),
  reason: z.string(),
  attempts: z.number().int(),
  createdAt: z.number().int(),
  nextAttemptAt: z.number().int().nullable(),
});
export type FnbRefund = z.infer<typeof FnbRefund>;
export const FnbRefundsResponse = z.object({ refunds: z.array(FnbRefund) });

/**
 * POST /refundFnbOnline : refund money a guest paid online — an order (paid online, or on a tab the
 * guest paid online) or a whole tab — all or part, with a reason (audited, supervisors and admins).
 * The same clientRefundId again answers the refund already made.
 */
export const RefundFnbOnlineBody = z
  .strictObject({
    clientRefundId: OrderKey,
    orderId: Id.optional(),
    tabId: Id.optional(),
    amountCents: z.number().int().min(1).max(10_000_000),
    // A reason of spaces is none: the pattern says so in the API document too (minLength could not).
    reason: z.string().trim().regex(/\S/, { error: fnbTexts.en.refunds.needsReason }).max(200),
  })
  .superRefine((b, ctx) => {
    if ((b.orderId == null) === (b.tabId == null))
      ctx.addIssue({ code: 'custom', message: fnbTexts.en.refunds.orderOrTab, path: ['orderId'] });
  });
export type RefundFnbOnlineBody = z.input<typeof RefundFnbOnlineBody>;
export const RefundFnbOnlineResponse = z.object({
  success: z.literal(1),
  details: z.string(),
  refunds: z.array(FnbRefund),
});
export const RetryFnbRefundBody = z.strictObject({ id: Id });
export const RetryFnbRefundResponse = z.object({ success: z.literal(1), details: z.string(), refund: FnbRefund });
export const refundFnbOnlineCodeRules: CodeRule[] = [
  { rule: 'exactly one of orderId and tabId', message: fnbTexts.en.refunds.orderOrTab },
];

// ---------------------------------------------------------------------------------------------
// Reports

/** GET /getFnbReport?from=&to=&locationId= : F&B by item, category, station, hour, server; voids; rentals beside F&B. */
export const FnbReportQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  locationId: Id.optional(),
});
const Row = z.object({ key: z.string(), label: z.string(), quantity: z.number().int(), amountCents: z.number().int() });
export const FnbReport = z.object({
  from: z.string(),
  to: z.string(),
  byItem: z.array(Row),
  byCategory: z.array(Row),
  byStation: z.array(Row),
  byHour: z.array(Row),
  byServer: z.array(Row),
  voids: z.array(
    z.object({
      /** The voided order, or the order refunded (null for a refund of a whole tab: tabId). */
      orderId: z.number().int().nullable(),
      tabId: z.number().int().nullable(),
      day: z.string(),
      unitLabel: z.string(),
      amountCents: z.number().int(),
      reason: z.string(),
      by: z.string(),
      /** void: the order was voided; refund: money paid online given back by staff (decision 369). */
      kind: z.enum(['void', 'refund']),
    }),
  ),
  openTabs: z.array(
    z.object({ tabId: z.number().int(), day: z.string(), unitLabel: z.string(), totalCents: z.number().int() }),
  ),
  /** The daily sales: rentals and F&B apart and together (cents, before tips). */
  daily: z.array(
    z.object({
      day: z.string(),
      rentalsCents: z.number().int(),
      fnbCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
});
export type FnbReport = z.infer<typeof FnbReport>;

// ---------------------------------------------------------------------------------------------
// Rules in code (issue 27): what each call refuses that its JSON Schema cannot state.

const hoursRuleText: CodeRule = {
  rule: 'startHour and endHour are both null or both set, endHour after startHour',
  message: errors.hoursInvalid,
};
export const saveFnbCategoryCodeRules: CodeRule[] = [hoursRuleText];
export const saveFnbItemCodeRules: CodeRule[] = [
  hoursRuleText,
  {
    rule: "a choice's maxChoices is at least its minChoices, and minChoices at most its options",
    message: errors.modifierRange,
  },
];
export const placeFnbOrderCodeRules: CodeRule[] = [
  { rule: "payment 'room' sends roomNumber and lastName", message: errors.roomNeedsGuest },
  { rule: "payment 'tab' sends phoneLast4", message: errors.tabLast4Wrong },
  {
    rule: "payment is not 'paid' (a guest pays online, to the room or to the tab)",
    message: fnbRuleTexts.guestPaysNow,
  },
];
export const saveFnbOrderCodeRules: CodeRule[] = [
  { rule: "payment is not 'online'", message: fnbRuleTexts.staffOnline },
  { rule: "payment 'paid' sends a paymentMethod other than 'Room Charge'", message: fnbRuleTexts.selectMethod },
  { rule: "payment 'paid' by 'Credit Card' sends cardTransactionId", message: fnbRuleTexts.cardNeedsTransaction },
  { rule: "payment 'room' sends roomNumber and lastName", message: fnbRuleTexts.roomNeedsGuest },
];
export const settleFnbTabCodeRules: CodeRule[] = [
  { rule: "paymentMethod 'Credit Card' sends cardTransactionId", message: fnbRuleTexts.cardNeedsTransaction },
  { rule: "paymentMethod 'Room Charge' sends hotelId, roomNumber and lastName", message: fnbRuleTexts.roomNeedsGuest },
];
