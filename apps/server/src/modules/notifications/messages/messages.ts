import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@annadaan/contract/language';
import type { Catalog, Message, MessageKey, MessageParam, ParamsOf } from './catalog';
import { en } from './en';
import { hi } from './hi';

export type { Message, MessageKey } from './catalog';

/** Every language's catalog; a new language is a catalog file here and a line in the contract's LANGUAGES. */
export const CATALOGS: Record<Language, Catalog> = { en, hi };

/** India's time: dates inside messages are the day it was in India, whoever's server sends them. */
const TIME_ZONE = 'Asia/Kolkata';

/** The language to word a person's messages in: theirs when they chose one, else English. */
export function recipientLanguage(stored: string | null | undefined): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function intlLocale(language: Language): string {
  return LANGUAGES.find((entry) => entry.code === language)?.intlLocale ?? 'en-IN';
}

/** A message, typed by its key: the parameters are the names its English text uses. */
export function message<Key extends MessageKey>(key: Key, ...params: keyof ParamsOf<Key> extends never ? [] : [ParamsOf<Key>]): Message {
  const [given] = params;
  return given ? { key, params: given as Record<string, MessageParam> } : { key };
}

function fill(param: MessageParam | undefined, language: Language): string {
  if (param === undefined) return '';
  if (typeof param === 'string') return param;
  if (typeof param === 'number') return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(param);
  if ('date' in param) return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(param.date));
  // Issue 33: a time today ("Collect by 10:44 am"), India's clock.
  if ('time' in param) return new Intl.DateTimeFormat(intlLocale(language), { timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(param.time));
  return word(param, language);
}

/** The message in the language, its `{{names}}` filled; a key the catalog lacks (never, by its type) falls back to English. */
export function word(text: Message, language: Language): string {
  const template = CATALOGS[language][text.key] ?? en[text.key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => fill(text.params?.[name], language));
}

/** What a notification says, to word in the reader's language when read, pushed or emailed. */
export interface NotificationMessage {
  title: Message;
  body: Message;
}

/** A stored `message` column back to its message; null (older rows, or anything unreadable) keeps the stored English. */
export function parseNotificationMessage(stored: string | null): NotificationMessage | null {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as Partial<NotificationMessage>;
    return isMessage(parsed.title) && isMessage(parsed.body) ? { title: parsed.title, body: parsed.body } : null;
  } catch {
    return null;
  }
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as Message).key === 'string' && (value as Message).key in en;
}

/** A notification's title and body in the language: from its message when it has one, else as stored. */
export function wordNotification(stored: { title: string; body: string; message: string | null }, language: Language): { title: string; body: string } {
  const parsed = parseNotificationMessage(stored.message);
  return parsed ? { title: word(parsed.title, language), body: word(parsed.body, language) } : { title: stored.title, body: stored.body };
}
