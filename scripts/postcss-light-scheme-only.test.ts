import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const lightSchemeOnly = require('./postcss-light-scheme-only.cjs') as () => postcss.Plugin;
const run = (css: string) => postcss([lightSchemeOnly()]).process(css, { from: undefined }).css;

describe("the web app's CSS without Mantine's dark scheme", () => {
  it('drops dark-scheme rules, keeps the other selectors of a list, and removes at-rules left empty', () => {
    const css = [
      ':root[data-mantine-color-scheme=dark],:host([data-mantine-color-scheme=dark]){--c:#fff}',
      '[data-mantine-color-scheme=\'light\'] .light-hidden,[data-mantine-color-scheme="dark"] .dark-hidden{display:none}',
      ':where([data-mantine-color-scheme=dark]) .m_1{color:white}',
      '@media (hover:hover){:where([data-mantine-color-scheme=dark]) .m_1:hover{color:gray}}',
      '@media (min-width:48em){@supports (display:grid){[data-mantine-color-scheme=dark] .m_2{color:black}}.m_2{color:red}}',
      '.m_1{color:black}',
      '[data-mantine-color-scheme=light] .m_1{color:green}',
    ].join('');
    expect(run(css)).toBe(
      [
        "[data-mantine-color-scheme='light'] .light-hidden{display:none}",
        '@media (min-width:48em){.m_2{color:red}}',
        '.m_1{color:black}',
        '[data-mantine-color-scheme=light] .m_1{color:green}',
      ].join(''),
    );
  });

  it("leaves every other rule of Mantine's own stylesheet as it was", () => {
    const mantine = fs.readFileSync(require.resolve('@mantine/core/styles.css', { paths: [path.resolve(import.meta.dirname, '../apps/web')] }), 'utf8');
    const rules = (css: string) => {
      const found: string[] = [];
      postcss.parse(css).walkRules((rule) => {
        found.push(
          `${rule.parent?.type === 'atrule' ? `@${(rule.parent as postcss.AtRule).params} ` : ''}${rule.selectors.join(',')}{${rule.nodes.join(';')}}`,
        );
      });
      return found;
    };
    const before = rules(mantine);
    const after = rules(run(mantine));
    expect(after.some((rule) => /color-scheme=.?dark/.test(rule))).toBe(false);
    const light = before.filter((rule) => !/color-scheme=.?dark/.test(rule));
    expect(after.filter((rule) => light.includes(rule)).length).toBe(light.length);
    // Mantine's sheet has 150 or so dark rules; they are gone, and nothing else is.
    expect(before.length - after.length).toBeGreaterThan(100);
  });
});
