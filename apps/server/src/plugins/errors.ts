import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/http-errors';

/**
 * One error shape for every 4xx and 5xx: `{message, code, fieldErrors?}`. Validation errors are
 * keyed by field; 5xx bodies are generic and the error is logged with the request id.
 */
export function registerErrorHandling(app: FastifyInstance, options: { servesWebApp: boolean }) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
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
      return reply.status(400).send({ message: first ?? 'The request is not valid.', code: 'VALIDATION_ERROR', fieldErrors });
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error, status), code: error.code || 'BAD_REQUEST' });
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes of the web app: any other page path gets index.html.
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/uploads/');
    if (options.servesWebApp && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
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
