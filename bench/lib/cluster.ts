import { startCluster } from '../../scripts/cluster-lib.mjs';
import { type HandoverResult, runHandovers } from './handovers';
import { type LoadResult, load } from './load';
import type { SeedResult } from './seed';

/** Browse and whole handovers through HAProxy with one and with two instances on one PostgreSQL. */
export interface ClusterResult {
  instances: number;
  browse: LoadResult;
  browseUncached: LoadResult;
  handovers: HandoverResult;
}

export async function benchCluster(options: {
  databaseUrl: string;
  seed: SeedResult;
  browsePath: string;
  connections: number;
  seconds: number;
  log(line: string): void;
}): Promise<ClusterResult[]> {
  const results: ClusterResult[] = [];
  // Each run takes the next unused donor/receiver pairs, so the hourly limits never bite.
  let pairsUsed = 0;
  for (const instances of [1, 2]) {
    const cluster = await startCluster({ instances, databaseUrl: options.databaseUrl, env: { LOG_LEVEL: 'warn' } });
    try {
      await load({ url: cluster.url, path: options.browsePath, connections: 10, seconds: 1 });
      const browse = await load({ url: cluster.url, path: options.browsePath, connections: options.connections, seconds: options.seconds });
      const browseUncached = await load({
        url: cluster.url,
        path: options.browsePath,
        connections: options.connections,
        seconds: options.seconds,
        headers: { 'cache-control': 'no-cache' },
      });
      const pairs = options.seed.pairs.slice(pairsUsed);
      const handovers = await runHandovers(cluster.url, pairs, 8, options.seconds);
      pairsUsed += handovers.completed + handovers.failures + 8;
      options.log(
        `cluster of ${instances} behind HAProxy: browse ${Math.round(browse.requestsPerSecond)} req/s (p99 ${browse.p99Ms} ms), ` +
          `read afresh ${Math.round(browseUncached.requestsPerSecond)} req/s, handovers ${handovers.handoversPerSecond.toFixed(1)}/s`,
      );
      results.push({ instances, browse, browseUncached, handovers });
    } finally {
      await cluster.stop();
    }
  }
  return results;
}
