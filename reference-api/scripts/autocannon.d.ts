// autocannon ships no types and @types/autocannon is not installed: the part of its API that load.ts uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    workers?: number;
    expectBody?: string;
    /** Options of each connection's TLS socket (`tls.connect`'s: `localAddress` among them). */
    tlsOptions?: { localAddress?: string };
    /** Called once per connection: headers of that connection alone (a visitor's cookie). */
    setupClient?: (client: { setHeaders(headers: Record<string, string>): void }) => void;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
