import { LANGUAGES } from '@annadaan/contract/language';
import { NOTIFICATION_KIND_LABELS } from '@annadaan/contract/notification-preferences';
import { describe, expect, it } from 'vitest';
import { notices } from '../notifications-service';
import { en } from './en';
import { CATALOGS, message, parseNotificationMessage, word, wordNotification } from './messages';

const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const LATIN_WORD = /[A-Za-z]{3,}/g;
/** The Latin words a Hindi message may keep (the brand, units, codes), as on the web app's allow-list. */
const ALLOWED_LATIN = new Set(['Annadaan', 'OTP', 'PIN', 'UPI', 'SMS']);

describe('server message catalogs', () => {
  it('has a catalog for every language of the app', () => {
    expect(Object.keys(CATALOGS).sort()).toEqual(LANGUAGES.map((language) => language.code).sort());
  });

  for (const [language, catalog] of Object.entries(CATALOGS)) {
    it(`${language}: every English key, no other, with the same {{params}} and no empty text`, () => {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        const worded = catalog[key as keyof typeof en];
        expect(worded.trim(), key).not.toBe('');
        expect(params(worded), key).toEqual(params(text));
      }
    });
  }

  it('hi: no English words left in a Hindi message (outside {{params}} and the allowed brand and codes)', () => {
    for (const [key, text] of Object.entries(CATALOGS.hi)) {
      const words = text.replace(/\{\{\w+\}\}/g, '').match(LATIN_WORD) ?? [];
      expect(
        words.filter((found) => !ALLOWED_LATIN.has(found)),
        key,
      ).toEqual([]);
    }
  });

  it('names each kind in English as the settings screen and the unsubscribe page do', () => {
    for (const [kind, { label }] of Object.entries(NOTIFICATION_KIND_LABELS)) {
      expect(en[`kind.${kind}` as keyof typeof en]).toBe(label);
    }
  });
});

describe('word', () => {
  it('words a notice in English exactly as before, and in Hindi from the same stored message', () => {
    const accepted = notices.requestAccepted(7, '  Dal chawal  ');
    expect(word(accepted.message.title, 'en')).toBe('Your request was accepted');
    expect(word(accepted.message.body, 'en')).toBe('The donor accepted your request for "Dal chawal". Open My Orders for your pickup code.');
    expect(word(accepted.message.body, 'hi')).toBe('दान करने वाले ने "Dal chawal" के लिए आपका अनुरोध मंज़ूर कर दिया। पिकअप कोड के लिए मेरे ऑर्डर खोलें।');
  });

  it('words nested messages (the saved place, what a report was about) in the same language', () => {
    const near = notices.nearbyDonation(7, { label: ' ', radiusKm: 2.5 }, 1, 'खिचड़ी');
    expect(word(near.message.title, 'en')).toBe('New food near your saved place');
    expect(word(near.message.body, 'en')).toBe('"खिचड़ी" was just listed within 2.5 km of your saved place. Request it before it is gone.');
    expect(word(near.message.title, 'hi')).toBe('आपकी सेव की हुई जगह के पास नया खाना');
    const report = notices.reportOutcome(7, { type: 'USER', title: 'Ravi' }, false);
    expect(word(report.message.body, 'en')).toBe(
      'An admin reviewed your report about the account of Ravi and found nothing that breaks the rules. Thank you for telling us.',
    );
    expect(word(report.message.body, 'hi')).toContain('Ravi के अकाउंट के बारे में');
  });

  it('formats numbers with Indian grouping and dates as the day in India, per language', () => {
    const many = notices.nearbyDonations(7, { label: 'Ghar', radiusKm: 1500 }, 123456);
    expect(word(many.message.title, 'en')).toBe('1,23,456 new donations near Ghar');
    expect(word(many.message.body, 'hi')).toContain('1,500 km');
    // 20:00 UTC is already the next day in India.
    const changed = message('phoneChangedEmail.text', { date: { date: '2026-03-04T20:00:00.000Z' }, oldEnding: '1234', newEnding: '5678' });
    expect(word(changed, 'en')).toContain('was changed on 5 Mar 2026 from the number ending in 1234 to one ending in 5678');
    expect(word(changed, 'hi')).toContain('5 मार्च 2026 को');
  });

  it('keeps the stored English of a row without a message, or with one it cannot read', () => {
    const stored = { title: 'Old title', body: 'Old body', message: null };
    expect(wordNotification(stored, 'hi')).toEqual({ title: 'Old title', body: 'Old body' });
    expect(wordNotification({ ...stored, message: '{"title":{"key":"gone.key"},"body":{"key":"gone.key"}}' }, 'hi')).toEqual({
      title: 'Old title',
      body: 'Old body',
    });
    expect(parseNotificationMessage('not json')).toBeNull();
  });
});
