import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document (schemathesis-style): values
 * a schema allows, and values it refuses. Both are checked with Ajv against the same schema, so a
 * generator slip can never turn a "valid" case into an invalid one or the other way round.
 */

/** The OpenAPI 3.0 flavour of JSON Schema that @fastify/swagger writes from the zod schemas. */
export interface Schema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  default?: unknown;
  $ref?: string;
  [k: string]: unknown;
}

// ajv-formats ships CommonJS: its default export is the function itself or sits under `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

/** OpenAPI 3.0 → JSON Schema draft 7 (boolean exclusive bounds, `nullable`), for Ajv. */
export function toDraft7(s: Schema): Schema {
  if (typeof s !== 'object' || s === null) return s;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' && v) {
      out.properties = Object.fromEntries(
        Object.entries(v as Record<string, Schema>).map(([p, ps]) => [p, toDraft7(ps)]),
      );
    } else if ((k === 'anyOf' || k === 'oneOf' || k === 'allOf') && Array.isArray(v)) {
      out[k] = (v as Schema[]).map(toDraft7);
    } else if ((k === 'items' || k === 'additionalProperties') && typeof v === 'object') {
      out[k] = toDraft7(v as Schema);
    } else if (k !== 'nullable' && k !== 'exclusiveMinimum' && k !== 'exclusiveMaximum') {
      out[k] = v;
    }
  }
  if (s.exclusiveMinimum === true) {
    out.exclusiveMinimum = s.minimum;
    delete out.minimum;
  } else if (typeof s.exclusiveMinimum === 'number') out.exclusiveMinimum = s.exclusiveMinimum;
  if (s.exclusiveMaximum === true) {
    out.exclusiveMaximum = s.maximum;
    delete out.maximum;
  } else if (typeof s.exclusiveMaximum === 'number') out.exclusiveMaximum = s.exclusiveMaximum;
  if (s.nullable) {
    if (out.enum && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

export function makeAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  return ajv;
}

const ajv = makeAjv();
const compiled = new WeakMap<Schema, ValidateFunction>();
export function validator(s: Schema): ValidateFunction {
  let v = compiled.get(s);
  if (!v) compiled.set(s, (v = ajv.compile(toDraft7(s))));
  return v;
}

/** A file part of a multipart form (a `format: binary` field). */
export class FilePart {
  constructor(
    readonly filename: string,
    readonly content: Buffer,
    readonly contentType: string,
  ) {}
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const fileArb: fc.Arbitrary<FilePart> = fc.oneof(
  fc.constant(new FilePart('pixel.png', PNG_1X1, 'image/png')),
  fc
    .tuple(
      fc.stringMatching(/^[a-z]{1,8}$/),
      fc.constantFrom('txt', 'csv', 'pdf', 'exe', 'png'),
      fc.uint8Array({ maxLength: 64 }),
    )
    .map(([n, ext, bytes]) => new FilePart(`${n}.${ext}`, Buffer.from(bytes), 'application/octet-stream')),
);

/** A value as Ajv sees it: a file part stands for its (binary) text. */
export function forAjv(v: unknown): unknown {
  if (v instanceof FilePart) return 'binary';
  if (Array.isArray(v)) return v.map(forAjv);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, forAjv(x)]));
  return v;
}

function lowerBound(s: Schema): number | undefined {
  if (typeof s.exclusiveMinimum === 'number') return s.exclusiveMinimum;
  return s.minimum;
}
function upperBound(s: Schema): number | undefined {
  if (typeof s.exclusiveMaximum === 'number') return s.exclusiveMaximum;
  return s.maximum;
}

/** Integers leaning towards the small values that name real records (ids 1…40), then anywhere in range. */
function integerArb(s: Schema): fc.Arbitrary<number> {
  let min = lowerBound(s) ?? -1_000_000;
  let max = upperBound(s) ?? 1_000_000;
  if (s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number') min = Math.floor(min) + 1;
  else min = Math.ceil(min);
  if (s.exclusiveMaximum === true || typeof s.exclusiveMaximum === 'number') max = Math.ceil(max) - 1;
  else max = Math.floor(max);
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  const near = fc.integer({ min, max: Math.min(max, min + 40) });
  return fc.oneof(
    { arbitrary: near, weight: 3 },
    { arbitrary: fc.integer({ min, max }), weight: 1 },
    fc.constantFrom(min, max),
  );
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, minLength + 40);
  const fits = (v: string) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity);
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    return fc.stringMatching(re).filter(fits);
  }
  switch (s.format) {
    case 'email':
      return fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.stringMatching(/^[a-z]{1,10}\.[a-z]{2,4}$/))
        .map(([a, b]) => `${a.replace(/\.\.+/g, '.')}@${b}`)
        .filter(fits);
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return fc.webUrl();
  }
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 4 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 },
  );
}

/** Values the schema allows. */
export function valid(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  return rawValid(s, depth).filter((v) => validator(s)(forAjv(v)));
}

function rawValid(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.nullable) {
    const { nullable: _n, ...rest } = s;
    return fc.oneof({ arbitrary: rawValid(rest, depth), weight: 5 }, { arbitrary: fc.constant(null), weight: 1 });
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => rawValid(x, depth + 1)));
  if (s.oneOf) return fc.oneof(...s.oneOf.map((x) => rawValid(x, depth + 1)));
  if (s.allOf) return rawValid(mergeAll(s.allOf), depth);
  switch (s.type) {
    case 'string':
      return s.format === 'binary' ? fileArb : stringArb(s);
    case 'integer':
      return integerArb(s);
    case 'number':
      return fc.oneof(
        integerArb(s),
        fc.double({ min: lowerBound(s) ?? -1e6, max: upperBound(s) ?? 1e6, noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? rawValid(s.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, (s.minItems ?? 0) + 4),
      });
    case 'object':
    case undefined:
      if (s.type === undefined && !s.properties) return fc.jsonValue({ maxDepth: 2 });
      return objectArb(s, depth);
  }
  return fc.jsonValue({ maxDepth: 1 });
}

function objectArb(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, ps] of Object.entries(props)) model[k] = rawValid(ps, depth + 1);
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in props) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

function mergeAll(list: Schema[]): Schema {
  const out: Schema = { type: 'object', properties: {}, required: [] };
  for (const x of list) {
    Object.assign(out.properties!, x.properties ?? {});
    out.required!.push(...(x.required ?? []));
  }
  return out;
}

/** Values that break one rule of the schema: a wrong type, a missing field, out of range, … */
export function invalid(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  const v = validator(s);
  return rawInvalid(s, depth).filter((x) => !v(forAjv(x)));
}

const wrongTypes: fc.Arbitrary<unknown> = fc.constantFrom(
  true,
  false,
  'abc',
  '0x1',
  '1e3',
  ' 1',
  1.5,
  -1,
  [],
  {},
  null,
  '',
);

function rawInvalid(s: Schema, depth: number): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongTypes];
  if (s.anyOf || s.oneOf || s.allOf || s.const !== undefined) return wrongTypes;
  if (s.enum) options.push(fc.string({ maxLength: 8 }));
  switch (s.type) {
    case 'string': {
      if (s.maxLength !== undefined) options.push(fc.constant('x'.repeat(s.maxLength + 1)));
      if (s.minLength) options.push(fc.constant('x'.repeat(s.minLength - 1)));
      if (s.pattern || s.format) options.push(fc.string({ maxLength: 12 }));
      break;
    }
    case 'integer':
    case 'number': {
      const lo = lowerBound(s);
      const hi = upperBound(s);
      if (lo !== undefined) options.push(fc.constant(lo - 1), fc.constant(lo));
      if (hi !== undefined) options.push(fc.constant(hi + 1), fc.constant(hi));
      if (s.type === 'integer') options.push(fc.constantFrom(2.5, '12abc', '0x1', true));
      break;
    }
    case 'array': {
      if (s.items) options.push(fc.array(rawInvalid(s.items, depth + 1), { minLength: 1, maxLength: 2 }));
      if (s.maxItems !== undefined) options.push(fc.constant(new Array(s.maxItems + 1).fill(null)));
      break;
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (props.length > 0) {
        // One field broken, the others valid.
        options.push(
          fc
            .tuple(valid({ ...s, nullable: false }, depth), fc.constantFrom(...props))
            .chain(([base, [k, ps]]) => rawInvalid(ps, depth + 1).map((bad) => ({ ...(base as object), [k]: bad }))),
        );
      }
      for (const k of s.required ?? []) {
        options.push(
          valid({ ...s, nullable: false }, depth).map((base) => {
            const copy = { ...(base as Record<string, unknown>) };
            delete copy[k];
            return copy;
          }),
        );
      }
      break;
    }
  }
  return fc.oneof(...options);
}
