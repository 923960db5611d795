// Drops Mantine's rules for its dark colour scheme from the web app's CSS (docs/decisions/044).
// Annadaan shows only the light scheme: the shell's <html> says data-mantine-color-scheme="light"
// and nothing offers a switch. The dark rules were 15 kB of the 152 kB stylesheet that every page
// loads and parses before its first paint. A selector list keeps its other selectors; an at-rule
// left empty goes too. Used by apps/web/postcss.config.cjs.
const DARK = /\[data-mantine-color-scheme=(['"]?)dark\1\]/;

function removeEmptyAncestors(node) {
  let parent = node;
  while (parent && parent.type === 'atrule' && (!parent.nodes || parent.nodes.length === 0)) {
    const next = parent.parent;
    parent.remove();
    parent = next;
  }
}

module.exports = () => ({
  postcssPlugin: 'annadaan-light-scheme-only',
  Rule(rule) {
    if (!DARK.test(rule.selector)) return;
    const kept = rule.selectors.filter((selector) => !DARK.test(selector));
    if (kept.length > 0) {
      rule.selectors = kept;
      return;
    }
    const parent = rule.parent;
    rule.remove();
    removeEmptyAncestors(parent);
  },
});
module.exports.postcss = true;
