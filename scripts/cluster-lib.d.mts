import type { ChildProcess } from 'node:child_process';

export const repoRoot: string;
export const DEFAULT_HEALTH_PATH: string;
export function findHaproxy(): string | null;
export function freePort(): Promise<number>;
export function haproxyConfig(options: { port: number; host?: string; servers: { host: string; port: number }[]; healthPath?: string }): string;

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startInstance(options: { port: number; databaseUrl: string; env?: Record<string, string>; name: string }): Promise<Instance>;

export interface Cluster {
  url: string;
  port: number;
  configFile: string;
  servers: Instance[];
  balancerOutput(): string;
  stop(): Promise<void>;
}

export function startCluster(options: {
  instances?: number;
  port?: number;
  databaseUrl: string;
  healthPath?: string;
  env?: Record<string, string>;
}): Promise<Cluster>;
