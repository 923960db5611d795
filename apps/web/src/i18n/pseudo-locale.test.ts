import { expect, it } from 'vitest';
import { pseudoCatalog, pseudoText } from './pseudo-locale';

it('swaps every Latin letter for an accented one, so no English word of three letters is left', () => {
  const text = pseudoText('The quick brown fox jumps over the lazy dog. PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS');
  expect(text).not.toMatch(/[A-Za-z]/);
  expect(text).toMatch(/^Ťĥé ǫúíçķ/);
});

it('keeps variables, Trans tags and nested keys as they are, and what is not a letter', () => {
  expect(pseudoText('Quantity: <v>{{quantity}}</v>')).toBe('Ǫúáñťíťý: <v>{{quantity}}</v>');
  expect(pseudoText('Showing {{shown}} of {{total}} {{noun}}')).toBe('Šĥóŵíñĝ {{shown}} óƒ {{total}} {{noun}}');
  expect(pseudoText('See $t(common:brand) <1>now</1>, 5 km.')).toBe('Šéé $t(common:brand) <1>ñóŵ</1>, 5 ķɱ.');
  expect(pseudoText('हिन्दी ₹120 · 3:00')).toBe('हिन्दी ₹120 · 3:00');
});

it('turns a whole nested catalog, keeping its keys', () => {
  expect(pseudoCatalog({ nav: { home: 'Home' }, count_one: '{{count}} item', steps: ['Cook', { say: 'Eat' }], n: 3 })).toEqual({
    nav: { home: 'Ĥóɱé' },
    count_one: '{{count}} íťéɱ',
    steps: ['Çóóķ', { say: 'Éáť' }],
    n: 3,
  });
});
