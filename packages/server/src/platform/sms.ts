export interface SmsProvider {
  send(to: string, body: string): Promise<void>;
}

/**
 * A generic HTTP SMS gateway: POSTs JSON `{ to, from, body }` with a bearer token.
 * Most providers offer (or can be fronted by) such an endpoint; another adapter implements
 * the same interface.
 */
export function httpSmsProvider(opts: { url: string; token?: string; from?: string }): SmsProvider {
  return {
    async send(to, body) {
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: JSON.stringify({ to, from: opts.from ?? 'Sandbar', body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
  };
}
