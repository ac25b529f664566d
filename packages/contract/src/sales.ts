import { z } from 'zod';
import { Flag, Id, MAX_ID, Money, idOf, wholeNumber } from './common';
import { messages } from './messages';
import { paymentMethods, receiptTypes } from './rules/pricing';
import { formatMoney } from './rules/money';
import { LiveLookup } from './pms-lookup';

// Calls of the sale wizard, cart, receipts and drop-offs (spec section 7, DESIGN.md section 6).
// Request field names are the spec's; money goes out as "35.00" strings and comes in as a
// string or a number (tablets send both).

/** Sandbar's own texts for selling (the spec gives none for these cases). */
export const saleTexts = {
  wrongTotal: (expected: string) =>
    `The order total changed: the price list says ${formatMoney(expected)}. Review the order and try again.`,
  cardNeedsTransaction: 'A card sale needs the card transaction id from the reader.',
  roomChargeNeedsHotel: 'Select the hotel for the room charge.',
  roomChargeNeedsGuest: 'Enter the guest last name and room number.',
  guestNotFound: 'No guest with that last name is staying in that room. Check the room or use manual entry.',
  customerNameBlank: 'Enter the customer name.',
  unknownItem: 'That item is not on the price list.',
  itemNotForUnit: 'That item cannot be sold for this unit.',
  itemNotForBuyer: 'That item is for hotel guests only.',
  itemNotNow: (name: string) => `${name} is not offered at this hour.`,
  unitNotFound: 'No such unit.',
  notYourLocation: 'This unit is in a location that is not assigned to you.',
  unitTaken: (unit: string, what: string) => `${unit} ${what}`,
  invalidPhone: 'Enter a valid mobile number, like 305 555 0123.',
  invalidEmail: 'Enter a valid e-mail address.',
  receiptOk: 'Receipt details look good.',
  receiptSaved: 'Receipt details saved.',
  receiptSent: 'Receipt sent.',
  noReceiptContact: 'This customer has no phone number or e-mail address for a receipt.',
  noSaleOnUnit: 'There is no sale on this unit today.',
  customerNotFound: 'No such customer.',
  receiptNotFound: 'This receipt does not exist.',
  dropoffSaved: 'Drop off saved.',
  holdOk: 'Unit added to the order.',
  replayMismatch:
    'This transaction id was already used for a different sale. Start the sale again (a new id) or resend the same one.',
  replayNotYours: 'This transaction id belongs to a sale made elsewhere.',
  unitInOrderTwice: 'A unit is in the order twice.',
  savingElsewhere: 'This sale is being saved on another request. Try again.',
  unitSoldBy: (unit: string, who: string, when: string, how: string) =>
    `${unit} was sold by ${who} at ${when} (${how}). Mark it empty on the Customers tab to sell it again.`,
  unitHeldBy: (unit: string, who: string, since: string) =>
    `${unit} is in an order on ${who}'s tablet since ${since}. It can be sold once that order is finished, cancelled or its hold runs out.`,
  unitNotForSale: (unit: string) => `${unit} is a pier or tower spot and cannot be sold.`,
} as const;

const trimmed = (max: number) => z.string().trim().max(max);

/** An amount as a string ("35", "35.00") or a number; converted to cents by the server. */
export const MoneyIn = z.union([
  z.number().min(0).max(1_000_000),
  z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'Amounts are numbers like 35.00' }),
]);
export type MoneyIn = z.infer<typeof MoneyIn>;

const PositiveId = idOf('Unit ids are numbers');
const OptionalHotelId = z
  .union([wholeNumber(0, MAX_ID, 'A hotel is named by its id'), z.literal('')])
  .optional()
  .nullable()
  .transform((v) => (v === '' || v == null || v === 0 ? null : v));
const FlagIn = z
  .union([Flag, z.boolean(), z.literal(0), z.literal(1)])
  .optional()
  .transform((v) => v === '1' || v === true || v === 1);
const codesText = 'Item codes are price ids';
/**
 * Comma-delimited price ids ("12,14"), or a list of ids. Spaces separate as commas do ("12 14"):
 * what the pattern lets through, the parser reads. Ids of at most nine digits with a separator
 * between them, so every id it lets through fits a database column (one past 2^31 would be refused
 * by the database, not the schema) and no run of digits can be read two ways (no backtracking).
 */
const CodeList = z
  .union(
    [
      z
        .string({ error: codesText })
        .regex(/^[\s,]*(?:[1-9]\d{0,8}(?:[\s,]+[1-9]\d{0,8})*)?[\s,]*$/, { error: codesText })
        .max(500),
      z.array(idOf(codesText), { error: codesText }).max(50),
    ],
    { error: codesText },
  )
  .optional()
  .transform((v) => {
    if (Array.isArray(v)) return v;
    return (v ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
  })
  .refine((ids) => ids.every((n) => Number.isInteger(n) && n > 0), { error: 'Item codes are price ids' });

export const PaymentMethod = z.enum(paymentMethods, { error: 'Select a payment method' });
export const ReceiptType = z.enum(receiptTypes);
/** At the sale a receipt may also be declined ('No receipt'): nothing is sent. */
export const SaleReceiptType = z.enum([...receiptTypes, 'none']);

/** One unit of a cart (spec section 3, "Cart unit"); shared fields come from the first unit. */
export const CartUnit = z.object({
  unitId: PositiveId,
  unitType: z.string().max(1).optional(),
  unitNumber: z.union([z.string(), z.number()]).optional(),
  unitLocation: z.string().max(50).optional(),
  selectedUnit: idOf('Select the equipment'),
  selectedAddons: CodeList,
  selectedUnitPrice: MoneyIn.optional(),
  addonTotal: MoneyIn.optional(),
  orderTotal: MoneyIn.optional(),
});
export type CartUnit = z.input<typeof CartUnit>;

/**
 * The signature pad's image: a PNG data URL of at most 200 000 characters (≈146 KB of PNG). The
 * pad sends 500×200 pixels, ≈20 KB as a data URL; the limit leaves room for dense ink without
 * letting a sale carry megabytes. '' or null: no signature.
 */
export const signatureLimits = { maxChars: 200_000 } as const;
export const signatureTexts = {
  notPng: 'The signature must be a PNG image (data:image/png;base64,…).',
  tooLarge: `The signature is too large (at most ${signatureLimits.maxChars / 1000} KB).`,
} as const;
export const SignatureDataUrl = z
  .string({ error: signatureTexts.notPng })
  .max(signatureLimits.maxChars, { error: signatureTexts.tooLarge })
  .regex(/^(?:data:image\/png;base64,[A-Za-z0-9+/]+={0,2})?$/, { error: signatureTexts.notPng })
  .transform((v) => v || null)
  .optional()
  .nullable();

export const CustomerData = z.object({
  /** Client-generated UUID: the idempotency key. The same id sent twice records one sale. */
  ourTransactionId: z
    .string({ error: 'ourTransactionId is required' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'ourTransactionId must be a UUID' }),
  unitId: PositiveId,
  unitType: z.string().max(1).optional(),
  unitData: z.unknown().optional(),
  /** The cart whose holds this sale may take over ('Add More Unit(s)'). */
  cartId: z.string().trim().max(64).optional().nullable(),
  paymentMethod: PaymentMethod,
  /** Hotel id for a room charge. */
  roomChargeHotel: OptionalHotelId,
  lastName: trimmed(200).default(''),
  roomNumber: trimmed(20).default(''),
  customerName: trimmed(200).default(''),
  manualEntry: FlagIn,
  /** Price id of the unit's equipment (single-unit sale; a cart names it per unit). */
  selectedUnit: wholeNumber(0, MAX_ID, 'Select the equipment').optional(),
  selectedAddons: CodeList,
  selectedUnitPrice: MoneyIn.optional(),
  addonTotal: MoneyIn.optional(),
  /** What the client shows as the order total before tip; must equal the server's figure. */
  orderTotal: MoneyIn,
  tipAmount: MoneyIn.default(0),
  /** Hotel guest pays the full price instead of the hotel rate (an additional guest). */
  wyndhamExtraCharge: FlagIn,
  extraCharge: FlagIn,
  /** Signature pad PNG as a data URL (issue 11: only that, within signatureLimits.maxChars). */
  signature: SignatureDataUrl,
  /** Card transaction id from the reader; required for Credit Card. */
  transactionID: trimmed(200).optional().nullable(),
  cardTransactionId: trimmed(200).optional().nullable(),
  notes: trimmed(2000).default(''),
  /** All units of a multi-unit sale (when present, they are the units sold). */
  cartUnits: z.array(CartUnit).max(50).default([]),
  hasCartUnits: FlagIn,
  multi: FlagIn,
  receiptType: SaleReceiptType.default('phone'),
  customerPhone: trimmed(50).default(''),
  customerEmail: trimmed(200).default(''),
  /** Voucher sales: the voucher's number, printed on the receipt and kept for the reports. */
  voucherNumber: trimmed(50).default(''),
  /**
   * Set only by a sale queued on the tablet while the server was unreachable (issue 13): when it
   * was taken (epoch ms). The sale belongs to that moment's day and prices; see offline.ts.
   */
  takenAt: z.number().int().positive().optional(),
  /**
   * The language the tablet showed when the sale was completed: the guest's receipt language
   * (issue 12, decision 122). Left out, receipts use the venue's language.
   */
  languageCode: z.enum(['en', 'es']).optional().nullable(),
  /**
   * Check-in (issue 24): the booking this sale seats. The sale may take the units the booking
   * holds today, and the booking's deposit on account comes off orderTotal.
   */
  reservationId: Id.optional().nullable(),
});
export type CustomerData = z.input<typeof CustomerData>;

export const SaveCustomerBody = z.object({ customerData: CustomerData });
export type SaveCustomerBody = z.input<typeof SaveCustomerBody>;

export const SaveCustomerResponse = z.object({
  /** 1: saved (the modal closes and the cart clears, spec section 4). */
  status: z.literal(1),
  saleId: z.number().int(),
  ourTransactionId: z.string(),
  receiptId: z.string(),
  receiptUrl: z.string(),
  unitIds: z.array(z.number().int()),
  customerIds: z.array(z.number().int()),
  orderTotal: Money,
  tipAmount: Money,
  total: Money,
  retailRate: Money,
  /** True when this answer repeats an earlier save of the same ourTransactionId. */
  replayed: z.boolean(),
});
export type SaveCustomerResponse = z.infer<typeof SaveCustomerResponse>;

/** 'Add More Unit(s)': hold a unit for this cart (status 1, ten minutes). */
export const HoldUnitBody = z.object({
  unitId: PositiveId,
  cartId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'cartId must be a UUID' }),
});
export type HoldUnitBody = z.infer<typeof HoldUnitBody>;

export const HeldUnit = z.object({
  unitId: z.number().int(),
  unitType: z.string(),
  unitNumber: z.number().int(),
  unitLocation: z.string(),
  locationId: z.number().int(),
  unitRow: z.number().int(),
  unitPosition: z.number().int(),
  holdExpiresAt: z.number().int(),
});
export type HeldUnit = z.infer<typeof HeldUnit>;

export const HoldUnitResponse = z.object({ status: z.literal(1), details: z.string(), unit: HeldUnit });
export type HoldUnitResponse = z.infer<typeof HoldUnitResponse>;

/** 'Cancel Order' (all units of the cart) or removing units from it (unitIds). */
export const ReleaseUnitsBody = z.object({
  cartId: HoldUnitBody.shape.cartId,
  unitIds: z.array(PositiveId).max(50).optional(),
});
export type ReleaseUnitsBody = z.infer<typeof ReleaseUnitsBody>;
export const ReleaseUnitsResponse = z.object({ status: z.literal(1), released: z.array(z.number().int()) });
export type ReleaseUnitsResponse = z.infer<typeof ReleaseUnitsResponse>;

/** What the wizard may sell: the price list, hotels and the venue's pricing hour. */
export const CatalogueItemOut = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Issue 26: shown in Spanish mode ('' when none: the English name then). */
  nameEs: z.string().optional(),
  description: z.string().optional(),
  descriptionEs: z.string().optional(),
  price: Money,
  retailRate: Money,
  hotelRate: Money,
  addOn: Flag,
  sort: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  unitType: z.string(),
  projectHotels: z.array(z.number().int()),
  allHotels: Flag,
});
export type CatalogueItemOut = z.infer<typeof CatalogueItemOut>;

/** Spec section 3's equipmentData: the unit's items offered at a time, regular and hotel. */
export const EquipmentDataOut = z.object({
  equipment: z.array(CatalogueItemOut),
  hotelEquipment: z.array(CatalogueItemOut),
  addons: z.array(CatalogueItemOut),
  hotelAddons: z.array(CatalogueItemOut),
});
export type EquipmentDataOut = z.infer<typeof EquipmentDataOut>;

export const SaleHotel = z.object({
  id: z.number().int(),
  name: z.string(),
  vacationOwnerRule: Flag,
  isOther: Flag,
});
export type SaleHotel = z.infer<typeof SaleHotel>;

export const SaleCatalogue = z.object({
  items: z.array(CatalogueItemOut),
  hotels: z.array(SaleHotel),
  /** Venue hour for the time windows (14:45 already counts as 15). */
  hour: z.number().int(),
  currentTime: z.number().int(),
  day: z.string(),
  tipPresets: z.array(z.number()),
  simulatedReader: Flag,
});
export type SaleCatalogue = z.infer<typeof SaleCatalogue>;

export const SearchWyndhamBody = z.object({
  customerData: z.object({
    hotelLastName: trimmed(200).default(''),
    hotelRoomNumber: trimmed(20).default(''),
    roomChargeHotel: OptionalHotelId,
  }),
});
export type SearchWyndhamBody = z.input<typeof SearchWyndhamBody>;

export const HotelGuest = z.object({
  Room: z.string(),
  Guest_Name: z.string(),
  Accompanying_Guest_Name: z.string(),
  Additional: Flag,
  hotelId: z.number().int(),
});
export type HotelGuest = z.infer<typeof HotelGuest>;
export const SearchWyndhamResponse = z.object({
  guests: z.array(HotelGuest),
  /** True when a guest matches both the last name and the room exactly (the PMS's answer when it gave one). */
  exactMatch: z.boolean(),
  /** A hotel connected to a PMS (issue 34): what the PMS answered, live. */
  live: LiveLookup.optional(),
});
export type SearchWyndhamResponse = z.infer<typeof SearchWyndhamResponse>;

export const CheckItemPriceBody = z.object({
  itemType: CodeList,
  extraCharge: FlagIn,
  roomChargeHotel: OptionalHotelId,
});
export type CheckItemPriceBody = z.input<typeof CheckItemPriceBody>;
export const CheckItemPriceResponse = z.object({ prices: z.object({ retailRate: Money }), pageName: z.string() });
export type CheckItemPriceResponse = z.infer<typeof CheckItemPriceResponse>;

export const CheckReceiptInfoBody = z.object({
  receiptType: ReceiptType,
  receiptPhone: trimmed(50).optional().default(''),
  receiptEmail: trimmed(200).optional().default(''),
});
export type CheckReceiptInfoBody = z.input<typeof CheckReceiptInfoBody>;
export const ReceiptCheckResponse = z.object({
  status: z.boolean(),
  message: z.string(),
  saveReceiptSuccess: z.boolean().optional(),
  phoneSent: z.boolean().optional(),
  emailSent: z.boolean().optional(),
});
export type ReceiptCheckResponse = z.infer<typeof ReceiptCheckResponse>;

export const UpdateReceiptBody = z.object({
  unitId: PositiveId.optional(),
  customerId: PositiveId,
  receiptType: ReceiptType,
  receiptPhone: trimmed(50).optional().default(''),
  receiptEmail: trimmed(200).optional().default(''),
});
export type UpdateReceiptBody = z.input<typeof UpdateReceiptBody>;

export const ResendReceiptBody = z.object({ customerId: PositiveId, reprint: FlagIn });
export type ResendReceiptBody = z.input<typeof ResendReceiptBody>;

export const PrintReceiptBody = z.object({
  unitId: PositiveId,
  reprint: FlagIn,
  /** Which customer of the unit (defaults to the one seated now). */
  customerId: PositiveId.optional(),
});
export type PrintReceiptBody = z.input<typeof PrintReceiptBody>;
export const PrintCodeResponse = z.object({
  /** Base64 ESC/POS for the Android wrapper's printer (58 or 80 mm). */
  PrintCode: z.string(),
  lines: z.array(z.string()),
});
export type PrintCodeResponse = z.infer<typeof PrintCodeResponse>;

export const ReceiptIdParam = z.object({ receiptId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

export const ReceiptUnit = z.object({
  unitNumber: z.number().int(),
  unitType: z.string(),
  unitLocation: z.string(),
  unitRow: z.number().int(),
  unitPosition: z.number().int(),
});
export const ReceiptResponse = z.object({
  orderInfo: z.object({
    invoiceNumber: z.string(),
    purchaseDate: z.string(),
    ourTransactionId: z.string(),
    paymentMethod: z.string(),
    /** Voucher sales: the voucher's number ('' otherwise). */
    voucherNumber: z.string().default(''),
    customerName: z.string(),
    Price: Money,
    tipAmount: Money,
    tipPercent: z.number(),
    Total: Money,
    retailPrice: Money,
  }),
  unitNumber: z.number().int(),
  unitLocation: z.string(),
  unitRow: z.number().int(),
  unitPosition: z.number().int(),
  units: z.array(ReceiptUnit),
  /** Issue 26: what was bought, named in the receipt's language (Spanish name, else English). */
  items: z.array(z.object({ name: z.string(), amount: Money })).default([]),
  venueName: z.string(),
  venueAddress: z.string(),
  supportEmail: z.string(),
  /** The receipt's language: the sale's, else the venue's (decision 122). The page shows it in it. */
  languageCode: z.enum(['en', 'es']),
});
export type ReceiptResponse = z.infer<typeof ReceiptResponse>;

export const DropoffReport = z.object({
  overview: z.object({
    todayTotal: Money,
    ccTotal: Money,
    cashTotal: Money,
    roomChargeTotal: Money,
    voucherTotal: Money,
    /** Tips apart from the sales: todayTotal = cc + cash + room charge + voucher, tips not included. */
    tipTotal: Money,
    /** Tips on cash sales: cash the agent holds, so part of cash on hand. */
    cashTipTotal: Money,
    /**
     * The cash actually taken (cash sales and their tips as they were sold, before any admin
     * correction) − drop-offs that are not voided (issue 26: a correction never moves it silently).
     */
    cashOnHand: Money,
    cashDroppedOff: Money,
    /** What admin corrections changed on the agent's cash sales (after − before): a difference to settle. */
    cashCorrections: Money,
    /**
     * Booking deposits (issue 24 point 3) the agent took today less those they refunded, every
     * method: money taken in apart from the sales (todayTotal stays the sales).
     */
    depositTotal: Money.default('0.00'),
    /** The cash part of depositTotal: in the cash on hand. */
    cashDepositTotal: Money.default('0.00'),
  }),
  /**
   * The agent's booking deposit lines of the day by kind and method (issue 24 point 8: summed over
   * agents they equal the bookings report's day to the cent). A refund is negative; money
   * applied at a check-in or kept under the policy moves no cash (it was counted when taken).
   */
  deposits: z
    .array(
      z.object({
        kind: z.enum(['deposit', 'refund', 'applied', 'forfeit']),
        method: z.string(),
        amount: Money,
        count: z.number().int(),
      }),
    )
    .default([]),
  /** Admin corrections of the agent's sales of the day, oldest first: marked lines (before → after, who, why). */
  corrections: z.array(
    z.object({
      id: z.number().int(),
      saleId: z.number().int(),
      kind: z.string(),
      epoc: z.number().int(),
      who: z.string(),
      reason: z.string(),
      before: z.string(),
      after: z.string(),
      paymentMethod: z.string(),
      /** after − before of the sale's counted money (tip included). */
      difference: Money,
    }),
  ),
  dropOffs: z.array(
    z.object({
      id: z.number().int(),
      epoc: z.number().int(),
      amount: Money,
      notes: z.string(),
      /** Set when voided: shown struck through and left out of the totals. */
      voided: z.object({ by: z.string(), epoc: z.number().int(), reason: z.string() }).nullable(),
    }),
  ),
  customers: z.array(
    z.object({
      id: z.number().int(),
      epoc: z.number().int(),
      customerName: z.string(),
      projectLocations: z.string(),
      umbrellaNumber: z.number().int(),
      paymentMethod: z.string(),
      price: Money,
      /**
       * True while the customer waits unseated (issue 23: an offline sale whose unit was sold
       * meanwhile): umbrellaNumber is then the unit promised, not one they sit at.
       */
      unseated: z.boolean(),
    }),
  ),
  day: z.string(),
  agent: z.string(),
  agentId: z.number().int(),
  /** Agents a supervisor or admin may switch to (empty for others). */
  agents: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Whether the caller may void drop-offs (A and S). */
  canVoid: z.boolean(),
});
export type DropoffReport = z.infer<typeof DropoffReport>;

const dropoffAmountError = {
  error: (iss: { input?: unknown }) => {
    const raw = iss.input == null ? '' : String(iss.input).trim();
    return raw === '' || Number(raw) === 0
      ? messages.dropoff.amountRequired
      : 'The dropoff amount is a number like 120.00';
  },
};
export const SaveDropoffNotesBody = z.object({
  /** More than 0 and at most 1,000,000, a number or its text with at most two decimals. */
  dropoffAmount: z.union(
    [
      z.number(dropoffAmountError).min(0.01, dropoffAmountError).max(1_000_000, dropoffAmountError),
      z
        .string(dropoffAmountError)
        .regex(/^(?:[1-9]\d{0,5}(?:\.\d{1,2})?|0\.(?:0[1-9]|[1-9]\d?)|1000000(?:\.00?)?)$/, dropoffAmountError),
    ],
    dropoffAmountError,
  ),
  dropoffNotes: trimmed(2000).optional().default(''),
  /** Sent after the agent confirmed an amount above the cash on hand; without it the server answers 409. */
  confirmOverCashOnHand: z.boolean().optional(),
  /**
   * The tablet's key for this drop-off (issue 23): sent again (a retry, the offline queue) it is
   * the same drop-off, answered with `replayed`, never a second one.
   */
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'clientKey must be a UUID' })
    .optional(),
  /** Set only by a drop-off queued on the tablet while offline: when it was made (epoch ms). */
  takenAt: z.number().int().positive().optional(),
});
export type SaveDropoffNotesBody = z.input<typeof SaveDropoffNotesBody>;
export const SaveDropoffNotesResponse = z.object({
  success: z.literal(1),
  details: z.string(),
  id: z.number().int(),
  /** True when this clientKey had already been recorded: the answer is that drop-off's. */
  replayed: z.boolean().optional(),
});
export type SaveDropoffNotesResponse = z.infer<typeof SaveDropoffNotesResponse>;
