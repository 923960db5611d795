import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_LAUNCHER } from './chromium.mjs';

/*
 * The browser tests start Chromium through scripts/chromium-launcher.sh, because Chromium keeps
 * only the last --disable-features switch and Playwright passes one of its own. Here the "browser"
 * is a script that prints its arguments one per line: what Chromium would have been given.
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-launcher-'));
const printArguments = path.join(folder, 'print-arguments');
fs.writeFileSync(printArguments, '#!/bin/sh\nfor argument in "$@"; do echo "$argument"; done\n', { mode: 0o755 });
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function launch(args: string[]): string[] {
  const printed = execFileSync(CHROMIUM_LAUNCHER, args, {
    env: { ...process.env, ANNADAAN_CHROMIUM: printArguments },
    encoding: 'utf8',
  });
  return printed.split('\n').filter(Boolean);
}

describe('the Chromium launcher', () => {
  it('joins every --disable-features list into one switch and passes the rest through in order', () => {
    const args = launch([
      '--disable-features=PaintHolding,MediaRouter',
      '--headless',
      '--user-agent=a b',
      '--disable-features=WebUIOmniboxPopup',
      '--no-sandbox',
    ]);
    expect(args).toEqual(['--disable-features=PaintHolding,MediaRouter,WebUIOmniboxPopup', '--headless', '--user-agent=a b', '--no-sandbox']);
  });

  it('adds no switch when none was given', () => {
    expect(launch(['--headless', '--mute-audio'])).toEqual(['--headless', '--mute-audio']);
  });
});
