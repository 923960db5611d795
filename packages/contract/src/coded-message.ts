/*
 * The types and constructors of coded messages, without the catalog's texts (message-codes.ts):
 * the contract's schemas import only this, so a screen that validates with them does not load
 * every English text (the first-load budget).
 */
import type { MESSAGES } from './message-codes';

export type MessageCode = keyof typeof MESSAGES;
/** Values as they travel in an error body: strings, as the English shows them. */
export type MessageParams = Record<string, string>;

/** The `{{names}}` a text uses. */
type ParamNames<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** The values a code's English text needs, by name (numbers are written as they are: 10000, not 10,000). */
export type ParamsOf<Code extends MessageCode> = Record<ParamNames<(typeof MESSAGES)[Code]>, string | number>;

/** A code's parameters as rest arguments: none for a text without `{{names}}`, else exactly its names. */
export type ParamsArg<Code extends MessageCode> = [ParamNames<(typeof MESSAGES)[Code]>] extends [never] ? [] : [params: ParamsOf<Code>];

/** The codes whose text has no `{{names}}`: a variable of this type can be thrown as it is. */
export type PlainCode = { [Code in MessageCode]: [ParamNames<(typeof MESSAGES)[Code]>] extends [never] ? Code : never }[MessageCode];

/** A message by its code, with its values as strings (the wire form of `messageCode` + `params`). */
export interface CodedMessage {
  code: MessageCode;
  params?: MessageParams;
  /**
   * The English in full, where the catalog's text is only its start: PASSWORD_TOO_EASY is followed
   * by zxcvbn's advice, which exists only in English (other languages show the code's own text).
   */
  english?: string;
}

export function wireParams(params: Record<string, string | number> | undefined): MessageParams | undefined {
  if (!params || Object.keys(params).length === 0) return undefined;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

/** A message with its values, type-checked: `coded('TOO_LONG', { max: 300 })`. */
export function coded<Code extends MessageCode>(code: Code, ...[params]: ParamsArg<Code>): CodedMessage {
  const values = wireParams(params);
  return values ? { code, params: values } : { code };
}

/** A zod message for a code, type-checked like `coded`. */
export function msg<Code extends MessageCode>(code: Code, ...[params]: ParamsArg<Code>): string {
  const values = wireParams(params);
  return values ? `${code} ${JSON.stringify(values)}` : code;
}
