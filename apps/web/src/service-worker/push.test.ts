import { describe, expect, it } from 'vitest';
import { pushLang, readPushPayload, sameOriginLink } from './push';

const origin = 'https://annadaan.example';

describe('push payloads', () => {
  it('keeps links on this site and sends anything else to the notification centre', () => {
    expect(sameOriginLink('/my-order', origin)).toBe(`${origin}/my-order`);
    expect(sameOriginLink('//evil.example/x', origin)).toBe(`${origin}/notifications`);
    expect(sameOriginLink('https://evil.example/x', origin)).toBe(`${origin}/notifications`);
    expect(sameOriginLink('javascript:alert(1)', origin)).toBe(`${origin}/notifications`);
    expect(sameOriginLink(42, origin)).toBe(`${origin}/notifications`);
  });

  it('tags the language for India and falls back to English', () => {
    expect(pushLang('hi')).toBe('hi-IN');
    expect(pushLang('en')).toBe('en-IN');
    expect(pushLang('hi-IN"><x')).toBe('en-IN');
    expect(pushLang(undefined)).toBe('en-IN');
  });

  it('reads a payload field by field', () => {
    expect(readPushPayload({ id: 7, kind: 'REQUEST_ACCEPTED', title: 'Accepted', body: 'Curd rice', lang: 'hi', link: '/my-order' }, origin)).toEqual({
      id: 7,
      kind: 'REQUEST_ACCEPTED',
      title: 'Accepted',
      body: 'Curd rice',
      lang: 'hi-IN',
      link: `${origin}/my-order`,
    });
    expect(readPushPayload('not an object', origin)).toEqual({
      id: null,
      kind: null,
      title: 'Annadaan',
      body: '',
      lang: 'en-IN',
      link: `${origin}/notifications`,
    });
  });
});
