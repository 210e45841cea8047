import autocannon from 'autocannon';

/** One round of load on one side of a comparison. */
export interface Measured {
  /** Answered requests (or operations) a second. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors or timeouts: a round with any is not a fair figure. */
  failures: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export function summarize(latencies: number[], seconds: number): Measured {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failures: 0 };
}

export interface HttpLoad {
  url: string;
  connections: number;
  token?: string;
  method?: 'GET' | 'POST';
  /** A path per request (a random id, a keyword), so no cache sees one request repeated. */
  path: () => string;
  body?: () => string;
}

/** autocannon in this process (not the server's) against `load.url` for `seconds`. */
export async function httpLoad(load: HttpLoad, seconds: number): Promise<Measured> {
  const headers: Record<string, string> = {};
  if (load.token) headers.authorization = `Bearer ${load.token}`;
  if (load.body) headers['content-type'] = 'application/json';
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: seconds,
    headers,
    requests: [
      {
        method: load.method ?? 'GET',
        setupRequest: (request) => ({ ...request, path: load.path(), ...(load.body ? { body: load.body() } : {}) }),
      },
    ],
  });
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
