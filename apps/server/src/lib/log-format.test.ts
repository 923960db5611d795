import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatLogLine, prettyLogStream, runningLine } from './log-format';

const at = (hours: number, minutes: number, seconds: number) => new Date(2026, 5, 1, hours, minutes, seconds).getTime();

describe('formatLogLine', () => {
  it('writes a finished request as one short line: time, status, method, path, duration', () => {
    const json = JSON.stringify({
      level: 30,
      time: at(14, 3, 7),
      pid: 4242,
      hostname: 'box',
      reqId: 'req-9',
      req: { method: 'POST', url: '/api/donations', host: 'localhost:3000', remoteAddress: '127.0.0.1' },
      res: { statusCode: 201 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(formatLogLine(json)).toBe('14:03:07 201 POST /api/donations 12 ms');
  });

  it('names the level of anything but INFO, and keeps extra fields as key=value', () => {
    const json = JSON.stringify({
      level: 40,
      time: at(9, 5, 0),
      pid: 1,
      hostname: 'box',
      reqId: 'req-2',
      donorId: 3,
      note: 'two words',
      msg: 'pickup code rejected',
    });
    expect(formatLogLine(json)).toBe('09:05:00 WARN pickup code rejected donorId=3 note="two words"');
    expect(formatLogLine(JSON.stringify({ level: 30, time: at(9, 5, 0), msg: 'Server listening at http://127.0.0.1:3000' }))).toBe(
      '09:05:00 INFO Server listening at http://127.0.0.1:3000',
    );
  });

  it('keeps the stack of an error on the lines below, with the request id', () => {
    const json = JSON.stringify({
      level: 50,
      time: at(23, 59, 59),
      reqId: 'req-7',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (app.ts:1:1)' },
      msg: 'request failed',
    });
    expect(formatLogLine(json)).toBe('23:59:59 ERROR request failed (request req-7)\n  Error: boom\n      at handler (app.ts:1:1)');
  });

  it('leaves a line that is not a JSON object as it is', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
    expect(formatLogLine('[1,2]')).toBe('[1,2]');
  });
});

describe('prettyLogStream', () => {
  it('formats whole lines, also when a record arrives in pieces', async () => {
    const target = new PassThrough();
    const chunks: string[] = [];
    target.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    const stream = prettyLogStream(target);
    const line = JSON.stringify({ level: 30, time: at(10, 0, 0), msg: 'hello' });
    stream.write(`${line.slice(0, 10)}`);
    stream.write(`${line.slice(10)}\n${line}\n`);
    await new Promise<void>((resolve) => stream.end(resolve));
    expect(chunks.join('')).toBe('10:00:00 INFO hello\n10:00:00 INFO hello\n');
  });
});

describe('runningLine', () => {
  it('gives the address to open, with the port really bound', () => {
    const config = { host: '0.0.0.0', port: 3000, publicUrl: undefined };
    expect(runningLine({ address: '0.0.0.0', family: 'IPv4', port: 3000 }, config)).toBe('Annadaan is running at http://localhost:3000');
    expect(runningLine({ address: '0.0.0.0', family: 'IPv4', port: 41234 }, { ...config, port: 0 })).toBe('Annadaan is running at http://localhost:41234');
    expect(runningLine(null, { ...config, host: '192.168.1.20', port: 8080 })).toBe('Annadaan is running at http://192.168.1.20:8080');
    expect(runningLine(null, { ...config, publicUrl: 'https://annadaan.example' })).toBe('Annadaan is running at https://annadaan.example');
  });
});
