import { type CodedMessage, type MessageCode, type MessageParams, type ParamsArg, type PlainCode, coded, englishOf } from '@annadaan/contract/message-codes';

/**
 * An error the client caused or may act on. It is thrown with a message code and its typed values
 * (packages/contract/src/message-codes.ts, decision 032): `conflict('WITHDRAW_TOO_LATE')`,
 * `badRequest('TOO_LONG', { max: 300 })`, or a `CodedMessage` a contract rule returned
 * (`badRequest(problem)`). The error plugin renders the English from the catalog as `message` and
 * sends the code as `messageCode` (+ `params`); `onField` puts the same message on a field.
 */
export class AppError extends Error {
  readonly fieldErrors: Record<string, CodedMessage> = {};

  constructor(
    readonly statusCode: number,
    /** The class of failure (VALIDATION_ERROR, CONFLICT, ...), the first clients' `code`. */
    readonly code: string,
    readonly coded: CodedMessage,
    readonly options: {
      headers?: Record<string, string>;
      /** Values sent beside the English's own, or instead of them (the suspension's end as an ISO instant). */
      params?: MessageParams;
    } = {},
  ) {
    super(englishOf(coded));
    this.name = 'AppError';
  }

  get headers(): Record<string, string> | undefined {
    return this.options.headers;
  }

  /** The message also given as the error of these fields (`fieldErrors` and `fieldErrorCodes`). */
  onField(...fields: string[]): this {
    for (const field of fields) this.fieldErrors[field] = this.coded;
    return this;
  }
}

/** The message a helper was given: a code and its values, or a `CodedMessage` already built. */
type MessageArgs<Code extends MessageCode> = [code: Code, ...params: ParamsArg<Code>] | [code: PlainCode] | [message: CodedMessage];

function toCoded<Code extends MessageCode>(args: MessageArgs<Code>): CodedMessage {
  const [first, params] = args as unknown as [Code | CodedMessage, Record<string, string | number> | undefined];
  if (typeof first !== 'string') return first;
  return (coded as (code: MessageCode, params?: Record<string, string | number>) => CodedMessage)(first, params);
}

/** An error of any status and class, for the few that are neither of the helpers below. */
export function appError<Code extends MessageCode>(statusCode: number, code: string, ...args: MessageArgs<Code>): AppError {
  return new AppError(statusCode, code, toCoded(args));
}

export const badRequest = <Code extends MessageCode>(...args: MessageArgs<Code>) => new AppError(400, 'VALIDATION_ERROR', toCoded(args));
export const unauthorized = <Code extends MessageCode>(...args: MessageArgs<Code> | []) =>
  new AppError(401, 'UNAUTHORIZED', args.length === 0 ? coded('SIGN_IN_REQUIRED') : toCoded(args as MessageArgs<Code>));
export const forbidden = <Code extends MessageCode>(...args: MessageArgs<Code> | []) =>
  new AppError(403, 'FORBIDDEN', args.length === 0 ? coded('NOT_ALLOWED') : toCoded(args as MessageArgs<Code>));
export const notFound = <Code extends MessageCode>(...args: MessageArgs<Code> | []) =>
  new AppError(404, 'NOT_FOUND', args.length === 0 ? coded('NOT_FOUND') : toCoded(args as MessageArgs<Code>));
export const conflict = <Code extends MessageCode>(...args: MessageArgs<Code>) => new AppError(409, 'CONFLICT', toCoded(args));
export const locked = <Code extends MessageCode>(...args: MessageArgs<Code>) => new AppError(423, 'LOCKED', toCoded(args));
export const tooManyRequests = (retryAfterSeconds: number, message: CodedMessage = coded('TOO_MANY_ATTEMPTS'), code = 'RATE_LIMITED') =>
  new AppError(429, code, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
