import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_MAJOR, unsupportedNodeMessage } from './runtime';

const major = (version: string) => Number(version.trim().replace(/^v/, '').split('.')[0]);

describe('the pinned Node runtime', () => {
  it('accepts Node 24 and refuses any other major', () => {
    expect(unsupportedNodeMessage('24.21.0')).toBeNull();
    expect(unsupportedNodeMessage('v24.0.0')).toBeNull();
    expect(unsupportedNodeMessage('20.20.2')).toMatch(/runs on Node\.js 24, not 20\.20\.2/);
    expect(unsupportedNodeMessage('26.1.0')).not.toBeNull();
  });

  it('runs the tests, and every `node` and `npm` they start, on Node 24 whatever the system Node is', () => {
    expect(major(process.versions.node)).toBe(SUPPORTED_NODE_MAJOR);
    // What Playwright's web server, the crash test and the bench start: `node` from PATH.
    const child = spawnSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(major(child.stdout)).toBe(SUPPORTED_NODE_MAJOR);
    // What scripts/test.mjs starts: npm, whose own `node` comes from PATH too.
    const viaNpm = spawnSync('npm', ['exec', '--', 'node', '-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(major(viaNpm.stdout)).toBe(SUPPORTED_NODE_MAJOR);
  });
});
