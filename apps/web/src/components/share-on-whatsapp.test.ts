import { expect, it } from 'vitest';
import { whatsAppShareUrl } from './share-on-whatsapp';

it('puts the whole text, link and all, in wa.me’s text parameter', () => {
  const url = whatsAppShareUrl('दाल चावल on Annadaan, Aundh & Baner: https://annadaan.example/request-donation/12?x=1');
  expect(url.startsWith('https://wa.me/?text=')).toBe(true);
  expect(new URL(url).searchParams.get('text')).toBe('दाल चावल on Annadaan, Aundh & Baner: https://annadaan.example/request-donation/12?x=1');
  expect(url).not.toContain(' ');
});
