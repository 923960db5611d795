import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx answers, errors and timeouts: any of them makes the figure suspect. */
  failures: number;
}

export interface LoadOptions {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Called before every request: returns the path (and headers) to send. */
  next?: () => { path: string; headers?: Record<string, string>; body?: string };
}

/** One bounded autocannon run over loopback. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const next = options.next;
  const result = await autocannon({
    url: `${options.url}${options.path}`,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(next
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const chosen = next();
                return {
                  ...request,
                  path: chosen.path,
                  headers: { ...request.headers, ...chosen.headers },
                  ...(chosen.body === undefined ? {} : { body: chosen.body }),
                };
              },
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
