/*
 * The stylesheet rules a drawn page needs for its first paint (issue 18, "critical CSS inline or
 * non-blocking"; docs/decisions/044-critical-css-inline.md). The app's stylesheet is about 150 kB
 * (20 kB compressed) and, linked in the head, it held the first paint until a second request came
 * back: on slow 4G that is a connection and a round trip after the HTML. Of its rules a page uses a
 * tenth: the ones whose classes its HTML carries. Those go inline, in a <style> in the head; the
 * whole sheet is preloaded and switched on by the app before it hydrates (lib/deferred-styles.ts),
 * so whatever the app draws later is styled as before.
 *
 * The choice errs on the side of keeping: a rule is left out only when each of its selectors
 * requires something the page lacks (selectorNeeds): a class, or an exact data-attribute value
 * such as the dark colour scheme's. Classes inside :not(), :is(), :where(), :has() and attribute
 * selectors are not required (a `.a:not(.b)` needs only `a`), and a rule whose selectors require
 * nothing (element, attribute, :root) is always kept; so are at-rules that hold no style rules
 * (@font-face, @keyframes, @property). Each kept rule is copied as it was, whole selector list
 * included, in the stylesheet's order, so the cascade is the stylesheet's.
 */

/** A stylesheet, read once: its rules with what each selector needs of a page. */
export interface ParsedStylesheet {
  nodes: CssNode[];
}

type CssNode =
  /** A style rule: each selector of its list as what it needs of the page (selectorNeeds); `text` is the rule as written. */
  | { kind: 'rule'; selectors: string[][]; text: string }
  /** A conditional group (@media, @supports, @container, @layer with a block, ...): kept when a child is. */
  | { kind: 'group'; prelude: string; children: CssNode[] }
  /** Anything else (@font-face, @keyframes, @property, @layer and @import statements): always kept. */
  | { kind: 'keep'; text: string };

/** At-rules whose block holds style rules (or further groups), chosen from like the sheet's top level. */
const GROUPS = new Set(['media', 'supports', 'container', 'layer', 'scope', 'starting-style', 'document']);

/** The index of the character after the comment or string that starts at `at`, or `at` when none does. */
function skipOpaque(css: string, at: number): number {
  const char = css[at];
  if (char === '/' && css[at + 1] === '*') {
    const end = css.indexOf('*/', at + 2);
    return end === -1 ? css.length : end + 2;
  }
  if (char === '"' || char === "'") {
    let index = at + 1;
    while (index < css.length && css[index] !== char) index += css[index] === '\\' ? 2 : 1;
    return index + 1;
  }
  return at;
}

/** Where the block opened at `open` (a `{`) ends: the index after its `}`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let index = open;
  while (index < css.length) {
    const skipped = skipOpaque(css, index);
    if (skipped !== index) {
      index = skipped;
      continue;
    }
    const char = css[index];
    if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
    index += 1;
  }
  return css.length;
}

/** Splits a selector list at its top-level commas (not those inside :is(...) or [...]). */
function splitSelectorList(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let index = 0;
  while (index < prelude.length) {
    const skipped = skipOpaque(prelude, index);
    if (skipped !== index) {
      index = skipped;
      continue;
    }
    const char = prelude[index];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(prelude.slice(start, index));
      start = index + 1;
    }
    index += 1;
  }
  parts.push(prelude.slice(start));
  return parts;
}

/** Name characters: ASCII letters, digits, `_` and `-`, and anything beyond ASCII. */
const IDENTIFIER_CHAR = /[\w-]|[^\p{ASCII}]/u;

/** An identifier starting at `from` (escapes undone), and where it ends. */
function readIdentifier(text: string, from: number): [string, number] {
  let name = '';
  let index = from;
  while (index < text.length) {
    const next = text[index] as string;
    if (next === '\\') {
      // An escaped character is part of the name (`.md\:grid`); a hex escape is rare enough to keep as written.
      name += text.slice(index + 1, index + 2);
      index += 2;
    } else if (IDENTIFIER_CHAR.test(next)) {
      name += next;
      index += 1;
    } else break;
  }
  return [name, index];
}

/** `data-x=value` for an attribute selector that asks for a data attribute's exact value, else null. */
function dataAttributeToken(inside: string): string | null {
  const match = /^\s*(data-[\w-]+)\s*=\s*(?:"([^"\\]*)"|'([^'\\]*)'|([\w-]+))\s*$/i.exec(inside);
  if (!match) return null;
  return `[${(match[1] as string).toLowerCase()}=${match[2] ?? match[3] ?? match[4] ?? ''}]`;
}

/** Stands for `:host`, which matches only in a shadow tree: no page element carries it. */
const SHADOW_HOST = ':host';

/**
 * What a selector requires of the page for it to match anything, as tokens a page's HTML is
 * checked for: `.name` for each class, `[data-x=value]` for each exact data attribute (only scripts
 * set those, and the app's first script turns the whole stylesheet on), all outside parentheses.
 */
export function selectorNeeds(selector: string): string[] {
  const needs: string[] = [];
  let depth = 0;
  let index = 0;
  if (/^\s*:host\b/.test(selector)) needs.push(SHADOW_HOST);
  while (index < selector.length) {
    const skipped = skipOpaque(selector, index);
    if (skipped !== index) {
      index = skipped;
      continue;
    }
    const char = selector[index];
    if (char === '[' && depth === 0) {
      let close = index + 1;
      while (close < selector.length && selector[close] !== ']') close = skipOpaque(selector, close) === close ? close + 1 : skipOpaque(selector, close);
      const token = dataAttributeToken(selector.slice(index + 1, close));
      if (token) needs.push(token);
      index = close + 1;
      continue;
    }
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '.' && depth === 0) {
      const [name, end] = readIdentifier(selector, index + 1);
      if (name) needs.push(`.${name}`);
      index = end;
      continue;
    }
    index += 1;
  }
  return needs;
}

function parseNodes(css: string, from: number, to: number): CssNode[] {
  const nodes: CssNode[] = [];
  let index = from;
  while (index < to) {
    // Whitespace and comments between rules.
    const skipped = css[index] === '/' && css[index + 1] === '*' ? skipOpaque(css, index) : index;
    if (skipped !== index) {
      index = skipped;
      continue;
    }
    if (/\s/.test(css[index] as string)) {
      index += 1;
      continue;
    }
    // The prelude runs to the first `{` or `;` outside strings, parentheses and brackets.
    let end = index;
    let depth = 0;
    while (end < to) {
      const opaque = skipOpaque(css, end);
      if (opaque !== end) {
        end = opaque;
        continue;
      }
      const char = css[end];
      if (char === '(' || char === '[') depth += 1;
      else if (char === ')' || char === ']') depth -= 1;
      else if (depth === 0 && (char === '{' || char === ';')) break;
      end += 1;
    }
    const prelude = css.slice(index, end).trim();
    if (end >= to || css[end] === ';') {
      // A statement (@import, @layer a, b;) or a stray declaration: kept as written.
      if (prelude) nodes.push({ kind: 'keep', text: `${prelude};` });
      index = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    const atRule = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase();
    if (atRule && GROUPS.has(atRule)) {
      nodes.push({ kind: 'group', prelude, children: parseNodes(css, end + 1, close - 1) });
    } else if (atRule) {
      nodes.push({ kind: 'keep', text: css.slice(index, close) });
    } else {
      nodes.push({ kind: 'rule', selectors: splitSelectorList(prelude).map(selectorNeeds), text: css.slice(index, close) });
    }
    index = close;
  }
  return nodes;
}

/** Reads a stylesheet into rules that can be chosen from. Done once per built stylesheet. */
export function parseStylesheet(css: string): ParsedStylesheet {
  return { nodes: parseNodes(css, 0, css.length) };
}

function choose(nodes: CssNode[], page: ReadonlySet<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'keep') out += node.text;
    else if (node.kind === 'rule') {
      if (node.selectors.some((needs) => needs.every((token) => page.has(token)))) out += node.text;
    } else {
      const inner = choose(node.children, page);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The stylesheet's rules that can apply to a page with these tokens (pageTokens), in the stylesheet's order. */
export function criticalRules(sheet: ParsedStylesheet, page: ReadonlySet<string>): string {
  return choose(sheet.nodes, page);
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

function decodeAttribute(value: string): string {
  return value.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** What a page's HTML offers to selectors: `.name` for its classes, `[data-x=value]` for its data attributes. */
export function pageTokens(html: string): Set<string> {
  const tokens = new Set<string>();
  // Only elements' attributes: the text of styles and scripts is not markup.
  const markup = html.replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/gi, '');
  for (const match of markup.matchAll(/\s(class|data-[\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const name = (match[1] as string).toLowerCase();
    const value = decodeAttribute(match[2] ?? match[3] ?? '');
    if (name === 'class') {
      for (const className of value.split(/\s+/)) if (className) tokens.add(`.${className}`);
    } else tokens.add(`[${name}=${value}]`);
  }
  return tokens;
}
