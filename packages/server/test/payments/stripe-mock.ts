import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import Ajv, { type ValidateFunction } from 'ajv';

// A validating mock of Stripe's API from Stripe's own published OpenAPI document (decision 283).
// Stoplight Prism runs here but cannot read Stripe's form bodies: it refuses every array of
// objects in application/x-www-form-urlencoded (`line_items[0][price_data][currency]=usd`: "Cannot
// deserialize JSON object array in form data request body"), so every Checkout Session would be
// refused for Prism's reason, not Stripe's. This mock decodes the bracket notation the SDK writes
// (as Stripe does), checks each request — path, query parameters, body — against the operation's
// schemas with Ajv (unknown fields refused, as Stripe refuses them), answers 400 with the
// violations for a request that breaks the document, and otherwise a small object of the
// operation's response shape.

type Schema = Record<string, any>;
interface Operation {
  method: string;
  pattern: RegExp;
  path: string;
  body?: ValidateFunction;
  query: { name: string; required: boolean; validate: ValidateFunction }[];
}

export interface SeenRequest {
  method: string;
  path: string;
  status: number;
  violations: string[];
}

/** Decodes `a[b][0][c]=v&…` into nested objects and arrays (the SDK's encoding of Stripe bodies). */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const pair of text.split('&').filter(Boolean)) {
    const [k, v = ''] = pair.split('=');
    const key = decodeURIComponent(k!.replace(/\+/g, ' '));
    const value = decodeURIComponent(v.replace(/\+/g, ' '));
    const parts = key.match(/^[^[]+|\[[^\]]*\]/g)?.map((p) => p.replace(/^\[|\]$/g, '')) ?? [key];
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      const slot = part === '' && Array.isArray(node) ? node.length : part;
      if (last) node[slot] = value;
      else node = node[slot] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

/** Turns the document's OpenAPI 3.0 schema into one Ajv reads (nullable, Stripe's own formats). */
function forAjv(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(forAjv);
  if (!s || typeof s !== 'object') return s;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s as Schema)) {
    if (k === 'description' || k === 'title' || k.startsWith('x-')) continue;
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as Schema).map(([p, ps]) => [p, forAjv(ps)])) : forAjv(v);
  }
  if (out.nullable && out.type) out.type = [out.type, 'null'];
  delete out.nullable;
  return out;
}

function example(schema: Schema | undefined, name = ''): unknown {
  if (!schema || !schema.type) return null;
  if (schema.type === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, p] of Object.entries((schema.properties ?? {}) as Schema)) o[k] = example(p as Schema, k);
    return o;
  }
  if (schema.type === 'array') return [];
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return 0;
  if (schema.type === 'boolean') return false;
  if (name === 'id') return `mock_${crypto.randomBytes(8).toString('hex')}`;
  if (name === 'url') return 'https://checkout.stripe.com/c/pay/mock';
  return 'string';
}

export async function startStripeMock(document: {
  paths: Record<string, Record<string, Schema>>;
}): Promise<{ port: number; seen: SeenRequest[]; close(): Promise<void> }> {
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: true, validateFormats: false });
  const ops: (Operation & { response: Schema })[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const bodySchema = op.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        body: bodySchema ? ajv.compile(forAjv({ ...bodySchema, additionalProperties: false }) as Schema) : undefined,
        query: ((op.parameters ?? []) as Schema[])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: !!p.required, validate: ajv.compile(forAjv(p.schema) as Schema) })),
        response: op.responses['200'].content['application/json'].schema,
      });
    }
  }
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://mock');
      const violations: string[] = [];
      const op = ops.find((o) => o.method === req.method && o.pattern.test(url.pathname));
      if (!op) violations.push(`${req.method} ${url.pathname} is not in the document`);
      if (!/^Bearer sk_test_/.test(req.headers.authorization ?? '')) violations.push('no test secret key');
      if (op) {
        const text = Buffer.concat(chunks).toString('utf8');
        if (op.body) {
          if (text && !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
            violations.push('the body is not application/x-www-form-urlencoded');
          const body = decodeForm(text);
          if (!op.body(body)) violations.push(...(op.body.errors ?? []).map((e) => `body${e.instancePath} ${e.message}`));
        } else if (text) violations.push('a body where the operation takes none');
        const query = decodeForm(url.search.slice(1));
        const known = new Set(op.query.map((q) => q.name));
        for (const k of Object.keys(query)) if (!known.has(k)) violations.push(`unknown query parameter ${k}`);
        for (const q of op.query) {
          if (!(q.name in query)) {
            if (q.required) violations.push(`query ${q.name} is required`);
            continue;
          }
          const holder = { v: query[q.name] };
          if (!q.validate(holder.v)) violations.push(...(q.validate.errors ?? []).map((e) => `query ${q.name}${e.instancePath} ${e.message}`));
        }
      }
      const status = violations.length ? 400 : 200;
      seen.push({ method: req.method ?? '', path: url.pathname, status, violations });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomBytes(6).toString('hex')}` });
      res.end(
        JSON.stringify(
          status === 200
            ? example(op!.response)
            : { error: { type: 'invalid_request_error', message: violations.join('; ') } },
        ),
      );
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return { port, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}
