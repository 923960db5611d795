import type { ErrorResponse } from '@annadaan/contract/common';
import type { MessageParams } from '@annadaan/contract/message-codes';
import { withMessageCodes } from '../src/plugins/errors';

/**
 * An error answer as the server sends it: the English `message` and `code` a test names, plus the
 * codes of those messages from the registry (decision 032). Tests of the codes themselves name
 * them outright (plugins/errors.api.test.ts).
 */
export function errorBody(body: Pick<ErrorResponse, 'message' | 'code' | 'fieldErrors'>, params?: MessageParams): ErrorResponse {
  return withMessageCodes(body, params);
}
