import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@annadaan/contract/language';
import { type ShownLanguage, i18n, isShownLanguage } from '../i18n/i18n';
import { formatters } from './locale-format';

/*
 * Messages by their stable code, in the reader's language (issue 17; docs/decisions/032-error-codes.md).
 * The server sends English `message` plus `messageCode`/`params`; the contract's zod schemas give
 * English that form-errors.ts turns into a code. Catalog: i18n/locales/<language>/errors.json,
 * in memory with every language but English (i18n.ts `firstNamespaces`), so these work outside a
 * route too (toasts, the top bar). English shows the texts as they came and needs its catalog only
 * for the wait after a refusal ("Try again in 5 minutes."): the API client fetches it
 * (`loadErrorMessages`) before it reports a failure.
 */

export type MessageParams = Readonly<Record<string, string>>;

/** A message as it came: the English text and, when known, its code and values. */
export interface CodedText {
  english: string;
  code?: string | null;
  params?: MessageParams;
}

type EnumGroup = 'diet' | 'allergen';

/** The enum key whose English label is `label` ("Non-veg" → NON_VEG), from the common catalog. */
function enumKey(group: EnumGroup, label: string): string | null {
  const enums = (i18n.getResourceBundle(DEFAULT_LANGUAGE, 'common') as { enums?: Record<string, Record<string, string>> } | undefined)?.enums;
  const entry = Object.entries(enums?.[group] ?? {}).find(([, english]) => english === label);
  return entry ? entry[0] : null;
}

/** Values in the reader's language: numbers grouped the Indian way, instants as dates, food labels translated. */
function localParams(params: MessageParams, language: Language): Record<string, string> {
  const format = formatters(language);
  const local: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (/^\d+$/.test(value)) local[name] = format.number(Number(value));
    else if (name === 'until' && !Number.isNaN(Date.parse(value))) local[name] = format.dateTime(value);
    else if (name === 'diet' || name === 'allergen') {
      const key = enumKey(name, value);
      local[name] = key ? i18n.t(`common:enums.${name}.${key}` as never, { lng: language }) : value;
    } else local[name] = value;
  }
  return local;
}

/**
 * What a person reads for a message: in English the text exactly as it came (the spec's wording,
 * and any advice only English has); in another language the catalog's text for its code, or the
 * English when it has no code. A wait the server gave (`params.minutes`, on a 429) is said after it.
 */
export function messageText(message: CodedText, language: ShownLanguage = shownLanguage()): string {
  const params = message.params ?? {};
  let text = message.english;
  if (language !== DEFAULT_LANGUAGE && message.code && i18n.exists(`errors:${message.code}`, { lng: language })) {
    text = i18n.t(`errors:${message.code}` as never, { ...localParams(params, isLanguage(language) ? language : DEFAULT_LANGUAGE), lng: language });
  }
  const minutes = Number(params.minutes);
  // Said only once the catalog is here (loadErrorMessages): never its key in place of the words.
  if (Number.isInteger(minutes) && minutes > 0 && i18n.exists('errors:retryIn_other', { lng: language })) {
    text = `${text} ${i18n.t('errors:retryIn', { count: minutes, lng: language })}`;
  }
  return text;
}

/**
 * Fetches the shown language's error messages if they are not in memory (English's, which are not
 * bundled). Settles either way: offline without the catalog, a failure still says the English.
 */
export function loadErrorMessages(): Promise<void> {
  return i18n.loadNamespaces('errors').catch(() => undefined);
}

function shownLanguage(): ShownLanguage {
  return isShownLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The text of a code's own message (a client-side failure such as no network), in the reader's language. */
export function codeText(code: string, english: string, params?: MessageParams): string {
  return messageText({ english, code, params });
}

/** Anything thrown that can say what went wrong in the reader's language. */
interface Localized {
  shownMessage: string;
}

function isLocalized(error: unknown): error is Localized {
  return typeof error === 'object' && error !== null && typeof (error as Partial<Localized>).shownMessage === 'string';
}

/** The text to show for any thrown value: an ApiError's message in the reader's language, else its message, else a generic one. */
export function errorText(error: unknown): string {
  if (isLocalized(error)) return error.shownMessage;
  if (error instanceof Error) return error.message;
  return codeText('SOMETHING_WENT_WRONG', 'Something went wrong. Please try again.');
}
