import net from 'node:net';

/**
 * The settings public links are built from: a slice of Env, spelled here because env.ts imports
 * this file's parsers (platform/ stays below env.ts, no import circle).
 */
interface Env {
  HOST: string;
  PORT: number;
  SANDBAR_PUBLIC_URL?: string;
  SANDBAR_ALLOWED_HOSTS?: string[];
}

// Which proxy to believe and where public links point (issue 11, defect 4; decision 063).
// Nothing a client sends decides either unless the operator said so: X-Forwarded-* only from a
// configured proxy, and a request's Host only when it is on the configured allow-list.

/** Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR ranges. */
const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [addr, bits, extra] = entry.split('/');
  if (extra !== undefined || !addr) return false;
  const family = net.isIP(addr);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  // /0 would trust every sender (refused like `true`); proxy-addr refuses it too, at start.
  return Number(bits) >= 1 && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * SANDBAR_TRUST_PROXY as Fastify's `trustProxy`: a comma list of the proxies' addresses, CIDR ranges
 * or `loopback` / `linklocal` / `uniquelocal`. Unset: no proxy is trusted; `request.ip` is the
 * socket's peer and X-Forwarded-* are ignored. Returns an error text for anything else: `true`
 * (trusting every sender is what let clients rotate X-Forwarded-For past the per-IP sign-in limit)
 * and hop counts (they cannot check who sent the headers; Fastify 5 ignores them).
 */
export function parseTrustProxy(value: string): { ok: true; value: string[] } | { ok: false; error: string } {
  const entries = value
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const everyone = entries.filter((e) => /\/0+$/.test(e));
  if (everyone.length) {
    return {
      ok: false,
      error: `${everyone.join(', ')} would trust every address to name the client (like \`true\`); name the proxies' own addresses or ranges`,
    };
  }
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (!entries.length || bad.length) {
    return {
      ok: false,
      error: `expected the proxies' addresses or CIDR ranges separated by commas (e.g. 127.0.0.1,10.0.0.0/8)${bad.length ? `, not: ${bad.join(', ')}` : ''}`,
    };
  }
  return { ok: true, value: entries };
}

const hostPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** SANDBAR_ALLOWED_HOSTS entries: host names (any port) or host:port (that port only). */
export function parseAllowedHosts(value: string): { ok: true; value: string[] } | { ok: false; error: string } {
  const entries = value
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const bad = entries.filter((e) => !hostPattern.test(e));
  if (bad.length) return { ok: false, error: `not a host name or host:port: ${bad.join(', ')}` };
  return { ok: true, value: entries };
}

/** Is a request's host (as Fastify reports it, `name[:port]`) on the allow-list? */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.trim().toLowerCase();
  if (!hostPattern.test(h)) return false;
  const name = h.replace(/:\d+$/, '');
  return allowed.some((a) => a === h || (!/:\d+$/.test(a) && a === name));
}

/** The server's own address: what links use when nothing else is configured. */
export function ownAddress(env: Pick<Env, 'HOST' | 'PORT'>): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' || env.HOST === '' ? 'localhost' : env.HOST;
  return `http://${net.isIPv6(host) ? `[${host}]` : host}:${env.PORT}`;
}

/** The base of public links when no request is at hand (scheduled e-mails): the configured URL, else our own. */
export function configuredBase(env: Pick<Env, 'SANDBAR_PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return env.SANDBAR_PUBLIC_URL ? env.SANDBAR_PUBLIC_URL.replace(/\/+$/, '') : ownAddress(env);
}

/**
 * Where receipt links, text receipts and e-mail images point: SANDBAR_PUBLIC_URL; else the
 * request's own origin when its host is on SANDBAR_ALLOWED_HOSTS (the host comes from
 * X-Forwarded-Host only behind a trusted proxy); else the server's own address.
 */
export function publicBase(
  env: Pick<Env, 'SANDBAR_PUBLIC_URL' | 'SANDBAR_ALLOWED_HOSTS' | 'HOST' | 'PORT'>,
  request: { protocol: string; host: string },
): string {
  if (env.SANDBAR_PUBLIC_URL) return env.SANDBAR_PUBLIC_URL.replace(/\/+$/, '');
  const allowed = env.SANDBAR_ALLOWED_HOSTS ?? [];
  if (allowed.length && hostAllowed(request.host, allowed)) {
    const protocol = request.protocol === 'https' ? 'https' : 'http';
    return `${protocol}://${request.host.trim().toLowerCase()}`;
  }
  return ownAddress(env);
}

/** The start-up warning when public links may not reach customers (logged by main.ts). */
export function publicUrlWarning(env: Pick<Env, 'SANDBAR_PUBLIC_URL' | 'SANDBAR_ALLOWED_HOSTS' | 'HOST' | 'PORT'>) {
  if (env.SANDBAR_PUBLIC_URL) return null;
  const allowed = env.SANDBAR_ALLOWED_HOSTS ?? [];
  return allowed.length
    ? `SANDBAR_PUBLIC_URL is not set: receipt links use the request's host when it is one of ${allowed.join(', ')}, else ${ownAddress(env)}.`
    : `SANDBAR_PUBLIC_URL is not set: receipt links and e-mail images point to ${ownAddress(env)}, which customers may not reach.`;
}
