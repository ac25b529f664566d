import { z } from 'zod';
import { MAX_ID } from './common';

// Issue 34: a hotel's property-management system (PMS). Room charges are looked up and posted
// through a connection per hotel: the guest roster (CSV, the default and the fallback), Mews
// (Connector API) or Oracle OPERA Cloud (OHIP). Credentials are write-only: the API never answers
// them, only which of them are set.

export const PmsKind = z.enum(['roster', 'mews', 'opera']);
export type PmsKind = z.infer<typeof PmsKind>;

export const pmsKindLabels: Record<PmsKind, string> = {
  roster: 'Guest roster (CSV)',
  mews: 'Mews (Connector API)',
  opera: 'OPERA Cloud (OHIP)',
};

/**
 * Sandbar's items a hotel maps to its own transaction codes (OPERA) or accounting categories (Mews).
 * 'fnb': food and drink charged to the room (issue 35); left blank, F&B posts under the umbrella's code.
 */
export const PmsItemKey = z.enum(['umbrella', 'cabana', 'addon', 'fnb', 'tip']);
export type PmsItemKey = z.infer<typeof PmsItemKey>;
export const pmsItemKeys = PmsItemKey.options;

const code = z.string().trim().max(80, { error: 'Keep each code under 80 characters.' });
export const PmsMapping = z.object({
  umbrella: code.default(''),
  cabana: code.default(''),
  addon: code.default(''),
  fnb: code.default(''),
  tip: code.default(''),
});
export type PmsMapping = z.infer<typeof PmsMapping>;

/** The secrets each kind needs; answered only as "set" or not. */
export const pmsCredentialFields: Record<PmsKind, readonly string[]> = {
  roster: [],
  mews: ['clientToken', 'accessToken'],
  opera: ['clientId', 'clientSecret', 'appKey', 'enterpriseId'],
};

/** The credentials' labels on Admin → Hotels: the names the vendors' own consoles give them. */
export const pmsCredentialLabels: Record<string, string> = {
  clientToken: 'Client token (Mews)',
  accessToken: 'Access token (Mews)',
  clientId: 'Client id (OHIP OAuth)',
  clientSecret: 'Client secret (OHIP OAuth)',
  appKey: 'Application key (x-app-key)',
  enterpriseId: 'Enterprise id (OHIP)',
};

const secret = z.string().trim().max(2000, { error: 'Keep each credential under 2000 characters.' });
export const PmsCredentials = z
  .object({
    clientToken: secret.optional(),
    accessToken: secret.optional(),
    clientId: secret.optional(),
    clientSecret: secret.optional(),
    appKey: secret.optional(),
    enterpriseId: secret.optional(),
  })
  .strict();
export type PmsCredentials = z.infer<typeof PmsCredentials>;

/** GET /getHotelPms/{id}: the connection without its secrets. */
export const HotelPmsResponse = z.object({
  hotelId: z.number().int(),
  kind: PmsKind,
  /** The PMS's base address (https://api.mews.com, https://<host>.hospitality-api.<region>.ocs.oraclecloud.com). */
  endpoint: z.string(),
  /** OPERA: the hotel's code (x-hotelid); Mews: the Service the charges are ordered on. */
  propertyCode: z.string(),
  /** Currency of the charges (ISO 4217). */
  currency: z.string(),
  /** Which credential fields hold a value (the values never leave the server). */
  credentialsSet: z.array(z.string()),
  mapping: PmsMapping,
  updatedAt: z.string().nullable(),
});
export type HotelPmsResponse = z.infer<typeof HotelPmsResponse>;

const endpoint = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: 'The endpoint is an http(s) address.' });

/** POST /saveHotelPms: credentials left out (or blank) keep the stored ones. */
export const SaveHotelPmsBody = z.object({
  postData: z
    .object({
      hotelId: z.number().int().positive().max(MAX_ID),
      kind: PmsKind,
      endpoint: endpoint.default(''),
      propertyCode: z.string().trim().max(200).default(''),
      currency: z
        .string()
        .trim()
        .regex(/^[A-Z]{3}$/, { error: 'The currency is a three-letter code (USD).' })
        .default('USD'),
      credentials: PmsCredentials.default({}),
      mapping: PmsMapping.default({ umbrella: '', cabana: '', addon: '', fnb: '', tip: '' }),
    })
    .strict(),
});
export type SaveHotelPmsBody = z.input<typeof SaveHotelPmsBody>;

export const PmsTestStep = z.object({ step: z.string(), ok: z.boolean(), detail: z.string() });
export type PmsTestStep = z.infer<typeof PmsTestStep>;

/** POST /testHotelPms: each step tried, in order, with what it found. */
export const TestHotelPmsResponse = z.object({ ok: z.boolean(), steps: z.array(PmsTestStep) });
export type TestHotelPmsResponse = z.infer<typeof TestHotelPmsResponse>;
export const TestHotelPmsBody = z.object({ postData: z.number().int().positive() });

/** A posting's state as staff see it (All Transactions, View, Postings). */
export const PostingStatus = z.enum(['pending', 'posted', 'failed', 'voided']);
export type PostingStatus = z.infer<typeof PostingStatus>;

/**
 * What the server says about a PMS in words (issue 34): the connection test's steps, the
 * transport's failures and the posting queue's own reasons. The API speaks English; the screens
 * show them in the reader's language through `translateServerText` (the Spanish below). A PMS's
 * own message (a refusal's text) stays as the PMS wrote it.
 */
export const pmsServerTexts = {
  openCredentials: 'Open the stored credentials',
  mewsRooms: 'Sign in and read the rooms (resources/getAll)',
  mewsRoomsOk: 'The tokens are accepted; rooms are readable.',
  mewsRoomsNone: 'The tokens are accepted, but no rooms were returned.',
  mewsSearch: 'Search guests (customers/search)',
  mewsSearchOk: 'The guest search answers.',
  mewsService: 'Service for the charges',
  mewsServiceSet: (id: string) => `Orders go to service ${id}.`,
  mewsServiceMissing: 'Enter the Mews service id the charges are ordered on.',
  operaSignIn: 'Sign in (oauth/v1/tokens)',
  operaSignInOk: 'OHIP gave a token.',
  operaSearch: (hotel: string) => `Search in-house reservations of ${hotel} (rsv)`,
  operaSearchOk: 'The reservation search answers.',
  rosterStep: 'Guest roster',
  rosterGuests: (n: string | number) => `${n} guests on the roster.`,
  rosterNone: 'No roster uploaded yet.',
  noAnswer: (ms: string | number) => `No answer within ${ms} ms.`,
  unreachable: 'The PMS could not be reached.',
  slowDown: 'The PMS asked to slow down (429).',
  serverError: (status: string | number) => `The PMS answered ${status}.`,
  refused: (status: string | number, message: string) => `The PMS refused it (${status}): ${message}`,
  notJson: 'The PMS answered something that is not JSON.',
  notInHouse: (surname: string, room: string) => `No guest ${surname} is in house in room ${room}.`,
  disconnected: 'The hotel is no longer connected to a PMS.',
  superseded: 'Superseded by a correction.',
  neverReached: 'The charge never reached the PMS.',
  waitingForCharge: 'Waiting for the charge it reverses.',
};

export const pmsServerTextsEs: typeof pmsServerTexts = {
  openCredentials: 'Abrir las credenciales guardadas',
  mewsRooms: 'Entrar y leer las habitaciones (resources/getAll)',
  mewsRoomsOk: 'Los tokens se aceptan; las habitaciones se pueden leer.',
  mewsRoomsNone: 'Los tokens se aceptan, pero no llegó ninguna habitación.',
  mewsSearch: 'Buscar huéspedes (customers/search)',
  mewsSearchOk: 'La búsqueda de huéspedes responde.',
  mewsService: 'Servicio de los cargos',
  mewsServiceSet: (id) => `Los pedidos van al servicio ${id}.`,
  mewsServiceMissing: 'Escribe el id del servicio de Mews en el que se piden los cargos.',
  operaSignIn: 'Entrar (oauth/v1/tokens)',
  operaSignInOk: 'OHIP dio un token.',
  operaSearch: (hotel) => `Buscar reservas en casa de ${hotel} (rsv)`,
  operaSearchOk: 'La búsqueda de reservas responde.',
  rosterStep: 'Lista de huéspedes',
  rosterGuests: (n) => `${n} huéspedes en la lista.`,
  rosterNone: 'Aún no se ha subido ninguna lista.',
  noAnswer: (ms) => `Sin respuesta en ${ms} ms.`,
  unreachable: 'No se pudo llegar al PMS.',
  slowDown: 'El PMS pidió ir más despacio (429).',
  serverError: (status) => `El PMS respondió ${status}.`,
  refused: (status, message) => `El PMS lo rechazó (${status}): ${message}`,
  notJson: 'El PMS respondió algo que no es JSON.',
  notInHouse: (surname, room) => `No hay ningún huésped ${surname} en casa en la habitación ${room}.`,
  disconnected: 'El hotel ya no está conectado a un PMS.',
  superseded: 'Sustituido por una corrección.',
  neverReached: 'El cargo nunca llegó al PMS.',
  waitingForCharge: 'Esperando el cargo que anula.',
};
