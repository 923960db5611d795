import type { ErrorResponse } from '@annadaan/contract/common';
import { MESSAGES, type MessageCode, type MessageParams } from '@annadaan/contract/message-codes';

/** The codes of the catalog's texts that carry no values, by their English: a test names the English it expects. */
const PLAIN = new Map<string, MessageCode>(
  (Object.entries(MESSAGES) as [MessageCode, string][]).filter(([, text]) => !text.includes('{{')).map(([code, text]) => [text, code]),
);

function codeOf(english: string, named: MessageCode | undefined): MessageCode {
  const code = named ?? PLAIN.get(english);
  if (!code) throw new Error(`errorBody: name the code of ${JSON.stringify(english)} (its text carries values)`);
  return code;
}

/**
 * An error answer as the server sends it (decision 032): the English `message` and `code` a test
 * names word for word, plus `messageCode` (+ `params`) and `fieldErrorCodes`. A text without
 * values is looked up in the catalog by its exact English; one with values names its code and
 * values (`messageCode`, `params`; `fieldCodes` for its fields).
 */
export function errorBody(
  body: Pick<ErrorResponse, 'message' | 'code' | 'fieldErrors'> & { messageCode?: MessageCode },
  params?: MessageParams,
  fieldCodes: Record<string, { code: MessageCode; params?: MessageParams }> = {},
): ErrorResponse {
  const { fieldErrors, messageCode, ...rest } = body;
  const coded: ErrorResponse = { ...rest, messageCode: codeOf(body.message, messageCode) };
  if (params && Object.keys(params).length > 0) coded.params = params;
  if (fieldErrors) {
    coded.fieldErrors = fieldErrors;
    coded.fieldErrorCodes = Object.fromEntries(
      Object.entries(fieldErrors).map(([field, english]) => [field, fieldCodes[field] ?? { code: codeOf(english, undefined) }]),
    );
  }
  return coded;
}
