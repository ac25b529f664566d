// The parts of autocannon the benchmarks use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      amount?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
      /** Seconds before a request counts as timed out. */
      timeout?: number;
    }
    /** The running instance: a promise of the result that also emits per-request events. */
    interface Instance extends Promise<Result> {
      on(
        event: 'response',
        cb: (client: unknown, status: number, resBytes: number, responseTime: number) => void,
      ): this;
      on(event: 'reqError', cb: (err: Error) => void): this;
    }
    interface Histogram {
      average: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
    }
    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      requests: Histogram & { total: number };
      latency: Histogram;
    }
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
