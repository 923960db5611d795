import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Config } from '../config';

/**
 * Log lines for people at a terminal: one short line per record instead of pino's JSON. Pino
 * still writes JSON (redaction and serializers run first, unchanged); this stream reads each line
 * back and writes it shorter. Used unless the log format is json (production's default), so no
 * pretty-printing dependency or worker thread is needed.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every record carries, or that the line already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

function clock(time: number | undefined): string {
  const date = new Date(time ?? Date.now());
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * One JSON log line as one short line: `14:03:07 201 POST /api/donations 12 ms` for a finished
 * request, `14:03:07 WARN pickup code rejected donorId=3` for anything else. An error keeps its
 * stack on the lines below. A line that is not JSON comes back as it is.
 */
export function formatLogLine(json: string): string {
  let record: LogRecord;
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return json;
    record = parsed as LogRecord;
  } catch {
    return json;
  }
  const time = clock(record.time);
  const level = LEVELS[record.level ?? 30] ?? 'INFO';
  if (record.req && record.res && typeof record.responseTime === 'number') {
    const status = record.res.statusCode ?? 0;
    const prefix = level === 'INFO' ? '' : `${level} `;
    return `${time} ${prefix}${status} ${record.req.method ?? ''} ${record.req.url ?? ''} ${Math.round(record.responseTime)} ms`;
  }
  const extras = Object.entries(record)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const line = [time, level, record.msg ?? '', ...extras].filter(Boolean).join(' ');
  if (!record.err) return line;
  const reason = record.err.stack ?? `${record.err.type ?? 'Error'}: ${record.err.message ?? ''}`;
  return `${line}${record.reqId ? ` (request ${record.reqId})` : ''}\n  ${reason.split('\n').join('\n  ')}`;
}

/** A stream for pino that writes every record to `target` as `formatLogLine` gives it. */
export function prettyLogStream(target: NodeJS.WritableStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const text = lines
        .filter(Boolean)
        .map((line) => `${formatLogLine(line)}\n`)
        .join('');
      if (text) target.write(text);
      callback();
    },
  });
}

/** "Annadaan is running at http://localhost:3000", with the port really bound (PORT=0 picks one). */
export function runningLine(address: AddressInfo | string | null, config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string {
  if (config.publicUrl) return `Annadaan is running at ${config.publicUrl}`;
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(config.host);
  const host = local ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `Annadaan is running at http://${host}:${port}`;
}
