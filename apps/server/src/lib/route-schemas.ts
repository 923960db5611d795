import { ErrorResponseSchema } from '@annadaan/contract/common';

/** Error answers a signed-in route may give, for the OpenAPI document; bodies come from the error handler. */
export const errorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  423: ErrorResponseSchema,
  429: ErrorResponseSchema,
} as const;
