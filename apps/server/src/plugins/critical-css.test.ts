import { describe, expect, it } from 'vitest';
import { criticalRules, pageTokens, parseStylesheet, selectorNeeds } from './critical-css';

const page = (html: string) => pageTokens(html);
const pick = (css: string, html: string) => criticalRules(parseStylesheet(css), page(html));

describe('what a selector needs of the page', () => {
  it('is each class outside parentheses, and each exact data attribute', () => {
    expect(selectorNeeds('.card .title:hover')).toEqual(['.card', '.title']);
    expect(selectorNeeds('.a:not(.b)')).toEqual(['.a']);
    expect(selectorNeeds(':where(.a, .b) > .c')).toEqual(['.c']);
    expect(selectorNeeds('.m_1:where([data-variant=filled])')).toEqual(['.m_1']);
    expect(selectorNeeds(':root[data-mantine-color-scheme=dark]')).toEqual(['[data-mantine-color-scheme=dark]']);
    expect(selectorNeeds('[data-size="lg"].x')).toEqual(['[data-size=lg]', '.x']);
  });

  it('is nothing for element, id-free attribute and :root selectors', () => {
    expect(selectorNeeds('body')).toEqual([]);
    expect(selectorNeeds('*, :before')).toEqual([]);
    expect(selectorNeeds('a[href$=".pdf"]')).toEqual([]);
    expect(selectorNeeds('[data-disabled]')).toEqual([]);
    expect(selectorNeeds('input[type=checkbox]')).toEqual([]);
  });

  it('reads escaped class names as the HTML writes them', () => {
    expect(selectorNeeds('.md\\:grid')).toEqual(['.md:grid']);
  });

  it('cannot be met by :host, which matches only inside a shadow tree', () => {
    expect(selectorNeeds(':host([data-x=y])')).toEqual([':host']);
    expect(page('<div class="host" data-x="y"></div>').has(':host')).toBe(false);
  });
});

describe('the rules a page needs', () => {
  const css = [
    '*,:before{box-sizing:border-box}',
    'body{margin:0}',
    '.card{padding:1rem}',
    '.map{height:20rem}',
    '.a,.absent{color:red}',
    '@media (min-width:48em){.card{padding:2rem}.map{height:30rem}}',
    '@media print{.map{display:none}}',
    '@supports (display:grid){@media (hover:hover){.card:hover{color:green}}}',
    '@keyframes spin{to{transform:rotate(360deg)}}',
    '@font-face{font-family:X;src:url(x.woff2)}',
    ':root[data-scheme=light]{--fg:#000}',
    ':root[data-scheme=dark],:host([data-scheme=dark]){--fg:#fff}',
    '.q:before{content:"}{,.map"}',
    '/* a comment with { and } */.card>.title{font-weight:700}',
  ].join('');

  it('keeps rules whose classes the page has, rules that name none, and at-rules without style rules, in order', () => {
    expect(pick(css, '<html data-scheme="light"><body><div class="card a"><h2 class="title">x</h2></div></body></html>')).toBe(
      [
        '*,:before{box-sizing:border-box}',
        'body{margin:0}',
        '.card{padding:1rem}',
        '.a,.absent{color:red}',
        '@media (min-width:48em){.card{padding:2rem}}',
        '@supports (display:grid){@media (hover:hover){.card:hover{color:green}}}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
        '@font-face{font-family:X;src:url(x.woff2)}',
        ':root[data-scheme=light]{--fg:#000}',
        '.card>.title{font-weight:700}',
      ].join(''),
    );
  });

  it('drops a group all of whose rules are dropped, and reads strings with braces whole', () => {
    const chosen = pick(css, '<div class="map q"></div>');
    expect(chosen).toContain('@media print{.map{display:none}}');
    expect(chosen).toContain('.q:before{content:"}{,.map"}');
    expect(chosen).not.toContain('.card');
    expect(pick(css, '<div class="q"></div>')).not.toContain('@media print');
  });

  it('keeps the dark variables only for a page in the dark scheme', () => {
    expect(pick(css, '<html data-scheme="light"></html>')).not.toContain('--fg:#fff');
    expect(pick(css, '<html data-scheme="dark"></html>')).toContain(':root[data-scheme=dark],:host([data-scheme=dark]){--fg:#fff}');
  });
});

describe('what a page offers', () => {
  it('is its class and data attributes, entities undone, not the text of its styles and scripts', () => {
    const tokens = page(
      `<div class=" one  two " data-variant="filled"><p class='three' data-title="a &amp; b">.four</p></div>` +
        `<style>.five{color:red} [data-x="y"]{}</style><script type="application/json">{"class":"six"} class="seven"</script>`,
    );
    expect([...tokens].sort()).toEqual(['.one', '.three', '.two', '[data-title=a & b]', '[data-variant=filled]']);
  });
});
