import type { z } from 'zod';
import { ApiError } from './api-client';

/** Errors keyed the way Mantine's useForm keys them: field paths joined with dots. */
export type FormErrors = Record<string, string>;

/** The first message per field of a failed parse, so a form shows the contract's own wording. */
export function zodFormErrors(schema: z.ZodType, input: unknown): FormErrors {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * A `validate` function for useForm that checks the form's values against a contract schema.
 * `toInput` maps form values to the payload when the two differ (e.g. a licence field dropped
 * for receivers), so the rule lives in the contract and not twice.
 */
export function zodValidate<Values>(schema: z.ZodType, toInput: (values: Values) => unknown = (values) => values) {
  return (values: Values): FormErrors => zodFormErrors(schema, toInput(values));
}

/** The server's per-field errors of a failed call, limited to fields the form has. */
export function serverFieldErrors(error: unknown, fields: readonly string[]): FormErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FormErrors = {};
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) errors[field] = message;
  }
  return errors;
}
