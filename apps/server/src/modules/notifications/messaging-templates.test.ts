import { LANGUAGES } from '@annadaan/contract/language';
import { MESSAGING_CHANNELS } from '@annadaan/contract/messaging';
import { NOTIFICATION_KINDS } from '@annadaan/contract/notification-preferences';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from './messages/messages';
import {
  SHORT_LINKS,
  SMS_VAR_MAX,
  WHATSAPP_BODY_MAX,
  keysSentOn,
  missingTemplates,
  renderSms,
  renderWhatsApp,
  shortUrl,
  smsTemplate,
  whatsappTemplate,
} from './messaging-templates';

const languages = LANGUAGES.map((language) => language.code);
/** A long but real public address: every link must still fit one SMS variable. */
const BASE = 'https://annadaan-rescue.example.in';
/** The longest values a message may carry: a food name at the donor's limit, in Devanagari too. */
const LONGEST = {
  food: 'बासमती चावल, दाल मखनी, पनीर बटर मसाला, 40 प्लेट्स, ताज़ा बना हुआ आज दोपहर',
  subject: 'नया खाना आपके सहेजे गए स्थान "मेरे घर के पास वाला मंदिर" के पास',
  code: '987654',
  link: shortUrl(BASE, 'r'),
};
const LONGEST_LATIN = { ...LONGEST, food: 'Veg biryani, dal makhani and paneer butter masala, 40 plates', subject: 'New food near "the temple near my house"' };
const KINDS_WITH_CODE = ['REQUEST_ACCEPTED', 'PHONE_CODE', 'RESET_CODE'];

describe('WhatsApp and SMS templates (decision 049)', () => {
  it('has a template for every notification kind on both channels in every language', () => {
    for (const channel of MESSAGING_CHANNELS) expect(missingTemplates(channel, languages), channel).toEqual([]);
    for (const kind of NOTIFICATION_KINDS) for (const language of languages) expect(smsTemplate(kind, language)?.templateId).toMatch(/^\d{19}$/);
  });

  it('keeps every filled SMS variable within 40 characters, Hindi as Unicode, the link in one variable', () => {
    for (const key of keysSentOn('sms')) {
      for (const language of languages) {
        const sms = renderSms(key, language, LONGEST);
        expect(sms, `${key}/${language}`).not.toBeNull();
        if (!sms) continue;
        for (const value of sms.vars) expect([...value].length, `${key}/${language}: ${value}`).toBeLessThanOrEqual(SMS_VAR_MAX);
        expect(sms.text).not.toContain('{#var#}');
        // Hindi always goes as Unicode; English does too when a value is in Devanagari (a food's name).
        expect(sms.unicode, `${key}/${language}`).toBe(language === 'hi' || /[\u0900-\u097F]/.test(sms.vars.join('')));
        expect(renderSms(key, language, LONGEST_LATIN)?.unicode, `${key}/${language}`).toBe(language === 'hi');
        if (smsTemplate(key, language)?.vars.includes('link')) expect(sms.vars).toContain(LONGEST.link);
        expect(sms.category).toBe(key === 'NEARBY_DONATION' || key === 'RUN_AVAILABLE' ? 'SERVICE_EXPLICIT' : 'SERVICE_IMPLICIT');
      }
    }
    for (const alias of Object.keys(SHORT_LINKS) as (keyof typeof SHORT_LINKS)[]) expect(shortUrl(BASE, alias).length).toBeLessThanOrEqual(SMS_VAR_MAX);
  });

  it('keeps every WhatsApp body within 1,024 characters with every slot filled', () => {
    for (const key of keysSentOn('whatsapp')) {
      for (const language of languages) {
        const message = renderWhatsApp(key, language, LONGEST);
        expect(message, `${key}/${language}`).not.toBeNull();
        if (!message) continue;
        expect(message.body.length).toBeLessThanOrEqual(WHATSAPP_BODY_MAX);
        expect(message.body).not.toMatch(/\{\{\d+\}\}/);
        expect(message.languageCode).toBe(language);
        expect(message.name).toMatch(/^[a-z0-9_]{1,512}$/);
      }
    }
  });

  it("carries only what the recipient may see: a code only in the receiver's accepted message and the person's own codes", () => {
    for (const channel of MESSAGING_CHANNELS) {
      for (const key of keysSentOn(channel)) {
        for (const language of languages) {
          const template = channel === 'sms' ? smsTemplate(key, language) : whatsappTemplate(key, language);
          const slots = template ? ('vars' in template ? template.vars : template.params) : [];
          for (const slot of slots) expect(['food', 'subject', 'code', 'link']).toContain(slot);
          expect(slots.includes('code'), `${channel} ${key}`).toBe(KINDS_WITH_CODE.includes(key));
          // No slot for a phone number, address or name exists; nor does the fixed text name one.
          const text = template ? ('text' in template ? template.text : template.body) : '';
          expect(text).not.toMatch(/\+91|\d{10}/);
        }
      }
    }
  });

  it("puts the Accept and Decline buttons only on the donor's new-request WhatsApp message", () => {
    for (const key of keysSentOn('whatsapp')) {
      const buttons = whatsappTemplate(key, 'en')?.buttons ?? [];
      expect(buttons.map((button) => button.action)).toEqual(key === 'REQUEST_RECEIVED' ? ['accept', 'decline'] : []);
    }
    expect(whatsappTemplate('REQUEST_RECEIVED', 'hi')?.buttons.map((button) => button.text)).toEqual(['स्वीकार करें', 'मना करें']);
  });

  it("fits every notification title (the subject slot) in the recipient's language", () => {
    for (const language of languages) {
      for (const [key, text] of Object.entries(CATALOGS[language])) {
        if (!key.endsWith('.title') && !key.endsWith('Title')) continue;
        const filled = text.replace(/\{\{\w+\}\}/g, 'x');
        expect([...filled].length, `${language} ${key}`).toBeLessThanOrEqual(SMS_VAR_MAX);
      }
    }
  });
});
