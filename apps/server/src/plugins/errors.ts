import type { ErrorResponse } from '@annadaan/contract/common';
import { type MessageParams, codeOfMessage } from '@annadaan/contract/message-codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { PageRenderer } from './web-app';
import { isOutOfSpace } from '../lib/db-errors';
import { AppError } from '../lib/http-errors';
import { STORAGE_FULL_MESSAGE } from '../lib/storage-full';

type PlainErrorBody = Pick<ErrorResponse, 'message' | 'code' | 'fieldErrors'>;

/**
 * Adds the stable codes of an error body's English messages (docs/decisions/032-error-codes.md):
 * `messageCode` (+ `params`) for `message` and `fieldErrorCodes` for `fieldErrors`, looked up in
 * the contract's registry, so services keep throwing plain English. A message the registry lacks
 * gets no code (the client shows the English); a unit test keeps the registry complete. `extra`
 * params are values the English carries in a form another language cannot reuse, or lacks.
 */
export function withMessageCodes(body: PlainErrorBody, extra?: MessageParams): ErrorResponse {
  const { fieldErrors, ...rest } = body;
  const coded: ErrorResponse = { ...rest };
  const found = codeOfMessage(body.message);
  if (found) coded.messageCode = found.code;
  const params = { ...found?.params, ...extra };
  if (Object.keys(params).length > 0) coded.params = params;
  if (fieldErrors) {
    coded.fieldErrors = fieldErrors;
    const codes: NonNullable<ErrorResponse['fieldErrorCodes']> = {};
    for (const [field, message] of Object.entries(fieldErrors)) {
      const fieldCode = codeOfMessage(message);
      if (fieldCode) codes[field] = fieldCode;
    }
    if (Object.keys(codes).length > 0) coded.fieldErrorCodes = codes;
  }
  return coded;
}

/** A 429's wait in whole minutes, from its Retry-After, for languages that say how long. */
function retryParams(headers: Record<string, string> | undefined): MessageParams | undefined {
  const seconds = Number(headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? { minutes: String(Math.ceil(seconds / 60)) } : undefined;
}

/**
 * One error shape for every 4xx and 5xx: `{message, code, fieldErrors?}` plus the messages' codes.
 * Validation errors are keyed by field; 5xx bodies are generic and the error is logged with the
 * request id.
 */
export function registerErrorHandling(app: FastifyInstance, options: { renderPage: PageRenderer | null }) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const extra = error.statusCode === 429 ? { ...retryParams(error.headers), ...error.params } : error.params;
      return reply.status(error.statusCode).send(
        withMessageCodes({ message: error.message, code: error.code, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) }, extra),
      );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      let first: string | undefined;
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const context = error.validationContext ?? 'body';
        // A root-level issue means the whole body is the wrong kind of value; zod's own wording
        // ("expected object, received array") is not for people.
        const message = path ? (issue.message ?? 'This value is not valid.') : rootMessage(context);
        fieldErrors[path || context] ??= message;
        first ??= message;
      }
      return reply.status(400).send(withMessageCodes({ message: first ?? 'The request is not valid.', code: 'VALIDATION_ERROR', fieldErrors }));
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(withMessageCodes({ message: clientMessage(error, status), code: error.code || 'BAD_REQUEST' }));
    }

    // A full disk is the server's state, not a bug: 503 so clients retry later, and readiness
    // answers 503 until the database can grow again. The write's transaction rolled back whole.
    if (isOutOfSpace(error)) {
      request.log.error({ err: error }, 'request failed: out of storage space');
      app.storageFull.report();
      return reply.status(503).send(withMessageCodes({ message: STORAGE_FULL_MESSAGE, code: 'STORAGE_FULL' }));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(withMessageCodes({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' }));
  });

  app.setNotFoundHandler((request, reply) => {
    // The web app's pages: any other page path is drawn by the server render (plugins/web-app).
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/uploads/');
    if (options.renderPage && isPage) return options.renderPage(request, reply);
    return reply.status(404).send(withMessageCodes({ message: 'Not found.', code: 'NOT_FOUND' }));
  });
}

function rootMessage(context: string): string {
  return context === 'body' ? 'The request body must be a JSON object.' : `The request ${context} is not valid.`;
}

/** Fastify's own 4xx messages, reworded where they would expose internals or confuse people. */
function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not supported here.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body length is wrong.';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The file is too large.';
    default:
      return status === 413 ? 'The request body is too large.' : 'The request could not be understood.';
  }
}
