import { LANGUAGES } from '@annadaan/contract/language';
import { type ReactElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Trans as ReferenceTrans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, type ShownLanguage, i18n, loadLanguage } from './i18n';
import { i18nextReference } from './i18next-reference';
import { PSEUDO_LANGUAGE } from './pseudo-locale';
import { Trans, parseTags, useTranslation } from './react';

// Trans replaces react-i18next's (docs/decisions/045-less-work-on-the-first-screen.md), which the catalogs'
// tagged sentences were written for: it must draw the same markup from each of them.

const languages: ShownLanguage[] = [...LANGUAGES.map((language) => language.code), PSEUDO_LANGUAGE];

/** Every text of a catalog with a tag in it, by key path. */
function taggedTexts(catalog: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      if (/<\/?[\w-]+\s*\/?>/.test(value)) found.set(path, value);
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, text] of taggedTexts(value, path)) found.set(inner, text);
    }
  }
  return found;
}

async function stream(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

function Words({ namespace, path }: { namespace: 'pages' | 'map'; path: string }) {
  const { t } = useTranslation(namespace);
  return <p>{(t as unknown as (key: string) => string)(path)}</p>;
}

describe('useTranslation', () => {
  // First in the file: the Trans tests below load every catalog.
  it('waits (Suspense) for a screen’s catalog, then draws its words', async () => {
    expect(i18n.hasResourceBundle('en', 'map')).toBe(false);
    const html = await stream(
      <Suspense fallback={<p>loading</p>}>
        <Words namespace="map" path="area.captionArea" />
      </Suspense>,
    );
    expect(i18n.hasResourceBundle('en', 'map')).toBe(true);
    expect(html).not.toContain('loading');
    expect(html).toContain('The circle shows the area, &lt;place&gt;{{area}}&lt;/place&gt;, within about half a kilometre.');
    expect(html).not.toContain('area.captionArea');
  });

  it('reports the namespaces a page reads while the server draws it', async () => {
    await loadLanguage('en', ['pages']);
    const used: string[] = [];
    i18n.usedNamespaces = (namespaces) => used.push(...namespaces);
    try {
      renderToString(<Words namespace="pages" path="about.title" />);
    } finally {
      i18n.usedNamespaces = null;
    }
    expect(used).toEqual(['pages']);
  });
});

describe('Trans', () => {
  it('draws every tagged sentence of every catalog as react-i18next does, in every language', async () => {
    const reference = await i18nextReference(languages);
    let compared = 0;
    for (const language of languages) {
      for (const namespace of NAMESPACES) {
        for (const [key, text] of taggedTexts(i18n.getResourceBundle('en', namespace))) {
          const tags = [...new Set([...text.matchAll(/<\/?([\w-]+)\s*\/?>/g)].map((match) => match[1] ?? ''))];
          const element = (tag: string) => <b data-tag={tag} className="x" />;
          const components = tags.every((tag) => /^\d+$/.test(tag)) ? tags.map(element) : Object.fromEntries(tags.map((tag) => [tag, element(tag)]));
          const values = Object.fromEntries([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => [match[1] ?? '', `«${match[1] ?? ''}»`]));
          const ours = renderToString(
            <Trans t={i18n.getFixedT(language, namespace) as never} i18nKey={key as never} values={values} components={components} />,
          );
          const theirs = renderToString(
            <ReferenceTrans
              i18n={reference}
              t={reference.getFixedT(language, namespace as never)}
              i18nKey={key as never}
              values={values}
              components={components}
            />,
          );
          expect(ours, `${language} ${namespace}:${key}`).toBe(theirs);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(60);
  });

  it('keeps a value as text, never markup: a name with tags in it is drawn as those characters', () => {
    const html = renderToString(
      <Trans
        t={i18n.getFixedT('en', 'donations') as never}
        i18nKey={'card.donor' as never}
        values={{ name: '<v>Ravi</v><img src=x>' }}
        components={{ v: <span translate="no" /> }}
      />,
    );
    expect(html).toContain('&lt;v&gt;Ravi&lt;/v&gt;&lt;img src=x&gt;');
    expect(html).not.toContain('<img');
  });

  it('reads tags, nested and self-closing, and leaves a stray closing tag as text', () => {
    expect(parseTags('a <b>c <i>d</i></b> e <br/> </x>')).toEqual({
      name: null,
      children: ['a ', { name: 'b', children: ['c ', { name: 'i', children: ['d'] }] }, ' e ', { name: 'br', children: [] }, ' ', '</x>'],
    });
  });

  it('chooses the plural form from count and fills it in', () => {
    const t = i18n.getFixedT('en', 'foodNeeds');
    const one = renderToString(
      <Trans t={t as never} i18nKey={'card.heading' as never} count={1} values={{ formatted: '1', food: 'rice' }} components={{ v: <span />, n: <b /> }} />,
    );
    const many = renderToString(
      <Trans t={t as never} i18nKey={'card.heading' as never} count={4} values={{ formatted: '4', food: 'rice' }} components={{ v: <span />, n: <b /> }} />,
    );
    expect(one).not.toBe(many);
    expect(one).toContain('1');
    expect(many).toContain('4');
  });
});
