import { type LoadResult, load } from './load';

/** Issue 12: one donor with a long history reading "my donations". */
export interface LargeAccountResult {
  donations: number;
  /** GET /api/donations/my-donations as the web app and old clients send it: the first page. */
  firstPage: LoadResult & { bytes: number; rows: number };
  /** The largest page a client may ask for. */
  largestPage: LoadResult & { bytes: number; rows: number };
  /** Every page of 100 in turn, one client: what the single unpaged answer used to carry. */
  fullWalk: { pages: number; rows: number; bytes: number; ms: number };
}

const PATH = '/api/donations/my-donations';

async function oneAnswer(url: string, token: string) {
  // No Accept-Encoding: sizes are of the JSON itself.
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  return { bytes: Buffer.byteLength(text), rows: (JSON.parse(text) as unknown[]).length, total: Number(response.headers.get('x-total-count')) };
}

export async function measureLargeAccount(base: string, token: string, seconds: number, connections: number): Promise<LargeAccountResult> {
  const headers = { authorization: `Bearer ${token}` };
  const run = async (path: string) => {
    await load({ url: base, path, connections: 2, seconds: 1, headers });
    const result = await load({ url: base, path, connections, seconds, headers });
    return { ...result, ...(await oneAnswer(`${base}${path}`, token)) };
  };
  const firstPage = await run(PATH);
  const largestPage = await run(`${PATH}?pageSize=100`);

  const started = performance.now();
  let pages = 0;
  let rows = 0;
  let bytes = 0;
  let total = Number.POSITIVE_INFINITY;
  while (rows < total) {
    const answer = await oneAnswer(`${base}${PATH}?page=${pages + 1}&pageSize=100`, token);
    pages += 1;
    total = answer.total;
    rows += answer.rows;
    bytes += answer.bytes;
    if (answer.rows === 0) break;
  }
  return { donations: total, firstPage, largestPage, fullWalk: { pages, rows, bytes, ms: performance.now() - started } };
}

export function describeLargeAccount(result: LargeAccountResult): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    `first page (${result.firstPage.rows} of ${result.donations.toLocaleString('en-IN')}): ${Math.round(result.firstPage.requestsPerSecond)} req/s, p50 ${result.firstPage.p50Ms} / p99 ${result.firstPage.p99Ms} ms, ${kib(result.firstPage.bytes)}`,
    `pageSize=100: ${Math.round(result.largestPage.requestsPerSecond)} req/s, p50 ${result.largestPage.p50Ms} / p99 ${result.largestPage.p99Ms} ms, ${kib(result.largestPage.bytes)}`,
    // The pages together hold what the one unpaged answer used to carry, byte for byte.
    `all ${result.fullWalk.pages} pages of 100 in turn (the old single answer's rows): ${Math.round(result.fullWalk.ms)} ms, ${(result.fullWalk.bytes / 2 ** 20).toFixed(2)} MiB`,
  ].join('; ');
}
