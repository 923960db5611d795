import type { ErrorResponse } from '@annadaan/contract/common';
import { type CodedMessage, type MessageParams, type ReadMessage, coded, englishOf, issueMessage } from '@annadaan/contract/message-codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { PageRenderer } from './web-app';
import { isOutOfSpace } from '../lib/db-errors';
import { AppError } from '../lib/http-errors';

/** An error body for a coded message: the English rendered from the catalog, with its code and values. */
function codedBody(code: string, message: CodedMessage, extra?: MessageParams, english = englishOf(message)): ErrorResponse {
  const body: ErrorResponse = { message: english, code, messageCode: message.code };
  const params = { ...message.params, ...extra };
  if (Object.keys(params).length > 0) body.params = params;
  return body;
}

/** `fieldErrors` (English) and `fieldErrorCodes` of coded field messages; zod's own words have no code. */
function withFields(body: ErrorResponse, fields: Record<string, ReadMessage>): ErrorResponse {
  if (Object.keys(fields).length === 0) return body;
  const fieldErrors: Record<string, string> = {};
  const codes: NonNullable<ErrorResponse['fieldErrorCodes']> = {};
  for (const [field, { english, code, params }] of Object.entries(fields)) {
    fieldErrors[field] = english;
    if (code) codes[field] = params ? { code, params } : { code };
  }
  return Object.keys(codes).length > 0 ? { ...body, fieldErrors, fieldErrorCodes: codes } : { ...body, fieldErrors };
}

/** A 429's wait in whole minutes, from its Retry-After, for languages that say how long. */
function retryParams(headers: Record<string, string> | undefined): MessageParams | undefined {
  const seconds = Number(headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? { minutes: String(Math.ceil(seconds / 60)) } : undefined;
}

/**
 * One error shape for every 4xx and 5xx: `{message, code, messageCode, params?, fieldErrors?, fieldErrorCodes?}`,
 * the English rendered from the catalog by code (decision 032).
 * Validation errors are keyed by field; 5xx bodies are generic and the error is logged with the
 * request id.
 */
export function registerErrorHandling(app: FastifyInstance, options: { renderPage: PageRenderer | null }) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const extra = error.statusCode === 429 ? { ...retryParams(error.headers), ...error.options.params } : error.options.params;
      const fields = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, message]): [string, ReadMessage] => [field, { english: englishOf(message), ...message }]),
      );
      return reply.status(error.statusCode).send(withFields(codedBody(error.code, error.coded, extra, error.message), fields));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, ReadMessage> = {};
      let first: ReadMessage | undefined;
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const context = error.validationContext ?? 'body';
        // A root-level issue means the whole body is the wrong kind of value; zod's own wording
        // ("expected object, received array") is not for people.
        const message = path ? (issue.message ? issueMessage(issue.message) : readCoded(coded('VALUE_INVALID'))) : readCoded(rootMessage(context));
        fields[path || context] ??= message;
        first ??= message;
      }
      const top = first ?? readCoded(coded('REQUEST_INVALID'));
      const body: ErrorResponse = { message: top.english, code: 'VALIDATION_ERROR' };
      if (top.code) body.messageCode = top.code;
      if (top.params) body.params = top.params;
      return reply.status(400).send(withFields(body, fields));
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(codedBody(error.code || 'BAD_REQUEST', clientMessage(error, status)));
    }

    // A full disk is the server's state, not a bug: 503 so clients retry later, and readiness
    // answers 503 until the database can grow again. The write's transaction rolled back whole.
    if (isOutOfSpace(error)) {
      request.log.error({ err: error }, 'request failed: out of storage space');
      app.storageFull.report();
      return reply.status(503).send(codedBody('STORAGE_FULL', coded('STORAGE_FULL')));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(codedBody('INTERNAL_ERROR', coded('SERVER_ERROR')));
  });

  app.setNotFoundHandler((request, reply) => {
    // The web app's pages: any other page path is drawn by the server render (plugins/web-app).
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/uploads/');
    if (options.renderPage && isPage) return options.renderPage(request, reply);
    return reply.status(404).send(codedBody('NOT_FOUND', coded('NOT_FOUND')));
  });
}

function readCoded(message: CodedMessage): ReadMessage {
  return { english: englishOf(message), ...message };
}

function rootMessage(context: string): CodedMessage {
  return context === 'body' ? coded('BODY_NOT_OBJECT') : coded('REQUEST_PART_INVALID', { part: context });
}

/** Fastify's own 4xx messages, reworded where they would expose internals or confuse people. */
function clientMessage(error: FastifyError, status: number): CodedMessage {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return coded('BODY_NOT_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return coded('BODY_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return coded('CONTENT_TYPE_UNSUPPORTED');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return coded('BODY_LENGTH_WRONG');
    case 'FST_REQ_FILE_TOO_LARGE':
      return coded('FILE_TOO_LARGE');
    default:
      return status === 413 ? coded('BODY_TOO_LARGE') : coded('REQUEST_NOT_UNDERSTOOD');
  }
}
