import type { en } from './en';

/** A key of the server's messages (en.ts is the reference). */
export type MessageKey = keyof typeof en;

/** A language's messages: every English key, worded. */
export type Catalog = Record<MessageKey, string>;

/** The `{{names}}` a text uses. */
type ParamNames<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** What fills a `{{name}}`: text as it is (a food's name, a link), a number or a date (formatted for the reader), or another message (worded in the same language). */
export type MessageParam = string | number | { date: string } | { time: string } | Message;

/** One text to word: its key and what fills its `{{names}}`; stored as JSON with a notification (migration 0021). */
export type Message = { key: MessageKey; params?: Record<string, MessageParam> };

/** The parameters a key's English text needs, by name. */
export type ParamsOf<Key extends MessageKey> = Record<ParamNames<(typeof en)[Key]>, MessageParam>;
