import {
  type HotelPmsResponse,
  PmsMapping,
  type PmsKind,
  type SaveHotelPmsBody,
  type TestHotelPmsResponse,
  pmsCredentialFields,
} from '@sandbar/contract/pms';
import type { z } from 'zod';
import { type SaveHotelPmsBody as SaveBody, pmsServerTexts } from '@sandbar/contract/pms';
import type { AppDeps } from '../../platform/deps';
import { HttpError, notFound } from '../../platform/errors';
import type { PmsConnection, PmsConnector } from '../../platform/pms';
import { SecretKeyMissing, openSecret, sealSecret } from '../../platform/secrets';
import * as hotels from '../hotels/hotels.repository';
import * as repo from './pms.repository';

type SaveData = z.output<typeof SaveBody>['postData'];
type Row = NonNullable<Awaited<ReturnType<typeof repo.findConnection>>>;

const mappingOf = (text: string): PmsMapping => {
  try {
    return PmsMapping.parse(JSON.parse(text));
  } catch {
    return PmsMapping.parse({});
  }
};

function credentialsOf(deps: Pick<AppDeps, 'secretKey'>, row: Row | undefined): Record<string, string> {
  if (!row?.secret_enc) return {};
  return JSON.parse(openSecret(deps.secretKey, row.secret_enc)) as Record<string, string>;
}

/** GET /getHotelPms/{id} (admins): the connection; secrets only as the names of those set. */
export async function getHotelPms(deps: AppDeps, hotelId: number): Promise<HotelPmsResponse> {
  if (!(await hotels.findHotel(deps.db, hotelId))) throw notFound('That hotel does not exist.');
  const row = await repo.findConnection(deps.db, hotelId);
  let set: string[] = [];
  try {
    set = Object.entries(credentialsOf(deps, row))
      .filter(([, v]) => v !== '')
      .map(([k]) => k);
  } catch {
    set = [];
  }
  return {
    hotelId,
    kind: (row?.kind ?? 'roster') as PmsKind,
    endpoint: row?.endpoint ?? '',
    propertyCode: row?.property_code ?? '',
    currency: row?.currency ?? 'USD',
    credentialsSet: set,
    mapping: mappingOf(row?.mapping ?? '{}'),
    updatedAt: row ? new Date(Number(row.updated_at)).toISOString() : null,
  };
}

/** POST /saveHotelPms (admins): blank credentials keep the stored ones; the secrets are sealed. */
export async function saveHotelPms(deps: AppDeps, d: SaveData): Promise<{ success: 1; details: string }> {
  const h = await hotels.findHotel(deps.db, d.hotelId);
  if (!h) throw notFound('That hotel does not exist.');
  if (h.is_other && d.kind !== 'roster') throw new HttpError(400, '"Other" is for walk-ins; it has no hotel system.');
  if (d.kind !== 'roster' && !d.endpoint) throw new HttpError(400, 'Enter the PMS endpoint (its https address).');
  const row = await repo.findConnection(deps.db, d.hotelId);
  let kept: Record<string, string> = {};
  try {
    kept = row && row.kind === d.kind ? credentialsOf(deps, row) : {};
  } catch {
    kept = {};
  }
  const given = Object.fromEntries(
    Object.entries(d.credentials).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
  const allowed = pmsCredentialFields[d.kind];
  const merged = Object.fromEntries(
    Object.entries({ ...kept, ...given }).filter(([k]) => allowed.includes(k)),
  ) as Record<string, string>;
  let sealed = '';
  if (Object.keys(merged).length) {
    try {
      sealed = sealSecret(deps.secretKey, JSON.stringify(merged));
    } catch (err) {
      if (err instanceof SecretKeyMissing) throw new HttpError(400, err.message);
      throw err;
    }
  }
  await repo.saveConnection(deps.db, {
    hotel_id: d.hotelId,
    kind: d.kind,
    endpoint: d.endpoint,
    property_code: d.propertyCode,
    currency: d.currency,
    secret_enc: sealed,
    mapping: JSON.stringify(d.mapping),
    updated_at: deps.clock.now(),
    // Charges post from the moment a hotel is connected to this kind of PMS (not earlier ones).
    connected_at: row && row.kind === d.kind ? Number(row.connected_at) : deps.clock.now(),
  });
  return { success: 1, details: 'Hotel system has been saved!' };
}

/** The hotel's connection with its credentials opened, or the roster when it has none. */
export async function connectionOf(
  deps: Pick<AppDeps, 'db' | 'secretKey'>,
  hotelId: number,
): Promise<PmsConnection & { mapping: PmsMapping }> {
  const row = await repo.findConnection(deps.db, hotelId);
  return {
    hotelId,
    kind: (row?.kind ?? 'roster') as PmsKind,
    endpoint: row?.endpoint ?? '',
    propertyCode: row?.property_code ?? '',
    currency: row?.currency ?? 'USD',
    credentials: credentialsOf(deps, row),
    mapping: mappingOf(row?.mapping ?? '{}'),
  };
}

export async function connectorOf(
  deps: Pick<AppDeps, 'db' | 'secretKey' | 'pms'>,
  hotelId: number,
): Promise<PmsConnector> {
  return deps.pms.connector(await connectionOf(deps, hotelId));
}

/** POST /testHotelPms (admins): each step the PMS answered or not, in words. */
export async function testHotelPms(deps: AppDeps, hotelId: number): Promise<TestHotelPmsResponse> {
  if (!(await hotels.findHotel(deps.db, hotelId))) throw notFound('That hotel does not exist.');
  let connector: PmsConnector;
  try {
    connector = await connectorOf(deps, hotelId);
  } catch (err) {
    return { ok: false, steps: [{ step: pmsServerTexts.openCredentials, ok: false, detail: (err as Error).message }] };
  }
  const steps = await connector.test();
  return { ok: steps.every((s) => s.ok), steps };
}

export type { SaveHotelPmsBody };
