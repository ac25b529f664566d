import { type CodeRule, ErrorResponse } from '@sandbar/contract/common';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import findMyWay from 'find-my-way';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public route that also reads a token when one is sent (a stored document needs one). */
    optionalAuth?: boolean;
  }
  interface FastifySchema {
    /** A multipart form's fields, for the document only (the route reads the form as a stream). */
    multipartBody?: z.ZodType;
    /**
     * Rules of the body the JSON Schema cannot state (two fields joined, the server's own data):
     * the document lists them in the operation's description and in `x-rules-in-code`.
     */
    codeRules?: readonly CodeRule[];
  }
}

const errorJson = (description: string) => ({
  ...(z.toJSONSchema(ErrorResponse, { target: 'openapi-3.0' }) as Record<string, unknown>),
  $schema: undefined,
  description,
});

/**
 * Answers every route can give besides its own: the document lists each status a call can answer
 * (issue 27). 400: a NUL byte anywhere or malformed JSON; 401: a secured call without a live
 * session; 413/415: a body over the limit or of a type the call does not read; 414: a path
 * parameter over 100 characters; 503: the database does not answer (retry).
 */
const common = {
  400: 'The request is malformed: a field breaks its schema, or the body is not valid JSON.',
  401: 'Not signed in, or the session has ended.',
  413: 'The body is over the size limit.',
  414: 'A path parameter is over 100 characters.',
  415: 'The body is not of a type this call reads.',
  503: 'The database does not answer; retry (a sale replays by its ourTransactionId).',
} as const;

/** Statuses a route answers of its own, beyond the ones every route of its kind gets (`common`). */
export type OwnStatus = 401 | 403 | 404 | 406 | 409 | 423 | 429;

/**
 * The error answers a route gives of its own (issue 27: each operation lists what it can answer,
 * not every status): 403 where a role or location is checked, 404 where it looks a record up, 409
 * where a conflict exists, 423/429 where a lock or a limit applies, 401 on a public call that signs
 * in. `platform/error-statuses.test.ts` reads the code's throws and keeps each list exact.
 */
export function errorsOf<const S extends OwnStatus>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse])) as Record<S, typeof ErrorResponse>;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI document from the zod schemas (fastify-type-provider-zod), made exact: public calls
 * carry no security (or optional security), multipart calls declare their forms, and every status
 * a call can answer is listed.
 */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { multipartBody, codeRules, ...schema } = (input.schema ?? {}) as Record<string, unknown> & {
    multipartBody?: z.ZodType;
    codeRules?: readonly CodeRule[];
  };
  const out = jsonSchemaTransform({ ...input, schema } as TransformInput);
  const s = out.schema as Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> };
  if (!s || s.hide) return out;
  const route = input.route as { config?: { access?: string; optionalAuth?: boolean }; method: string | string[] };
  const isPublic = route.config?.access === 'public';
  if (isPublic) s.security = route.config?.optionalAuth ? [{}, { bearer: [] }] : [];
  if (multipartBody) {
    const body = z.toJSONSchema(multipartBody, { target: 'openapi-3.0', io: 'input' }) as Record<string, unknown>;
    delete body.$schema;
    s.body = body;
  }
  if (codeRules?.length) {
    const list = codeRules.map((r) => `- ${r.rule} (else 400 "${r.message}")`).join('\n');
    const intro = 'Rules checked in code, beyond the schema (a request breaking one gets 400 with its message):';
    s.description = [s.description, `${intro}\n${list}`].filter(Boolean).join('\n\n');
    s['x-rules-in-code'] = codeRules;
  }
  const response = (s.response ??= {});
  const add = (status: keyof typeof common) => {
    response[status] ??= errorJson(common[status]);
  };
  add(400);
  if (!isPublic || route.config?.optionalAuth) add(401);
  if (/\/:/.test(input.url)) add(414);
  if (s.body) {
    add(413);
    add(415);
  }
  add(503);
  return out;
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const;

/**
 * 405 with an Allow header for a path that exists under another method (issue 27: TRACE answered
 * 404). The app's own routes are collected as they are added; the web app's paths take GET only.
 */
export function methodsByPath(app: FastifyInstance): (method: string, url: string) => string[] | null {
  const router = findMyWay({ ignoreTrailingSlash: false, maxParamLength: 100 });
  const allowed = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    let set = allowed.get(route.url);
    if (!set) {
      allowed.set(route.url, (set = new Set()));
      router.on('GET', route.url, () => {}, { url: route.url });
    }
    for (const m of [route.method].flat()) set.add(m.toUpperCase());
  });
  return (method, url) => {
    const path = url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return method === 'GET' || method === 'HEAD' ? null : ['GET', 'HEAD'];
    const found = router.find('GET', path) as { store?: { url: string } } | null;
    const set = found?.store ? allowed.get(found.store.url) : undefined;
    if (!set || set.has(method)) return null;
    return methods.filter((m) => set.has(m));
  };
}
