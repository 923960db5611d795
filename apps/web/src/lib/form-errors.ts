import { type CodedMessage, englishOf, issueMessage } from '@annadaan/contract/message-codes';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { codeText, messageText } from './error-message';

/** Errors keyed the way Mantine's useForm keys them: field paths joined with dots. */
export type FormErrors = Record<string, string>;

/**
 * A contract schema's message in the reader's language: the code it carries (`msg`, read by the
 * contract's one formatter `issueMessage`) worded from the catalog; zod's own words stay as they are.
 */
export function contractMessage(message: string): string {
  return messageText(issueMessage(message));
}

/** A contract rule's coded message (`passwordPersonalProblem`, `preparedAtProblem`) in the reader's language. */
export function codedMessage(message: CodedMessage): string {
  return messageText({ english: englishOf(message), code: message.code, params: message.params });
}

/**
 * The first message per field of a failed parse, so a form shows the contract's own wording, in the
 * reader's language.
 */
export function zodFormErrors(schema: z.ZodType, input: unknown): FormErrors {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in errors)) errors[key] = contractMessage(issue.message);
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

/** The server's per-field errors of a failed call (by `fieldErrorCodes`, in the reader's language), limited to fields the form has. */
export function serverFieldErrors(error: unknown, fields: readonly string[]): FormErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FormErrors = {};
  for (const field of Object.keys(error.fieldErrors)) {
    const message = error.fieldMessage(field);
    if (fields.includes(field) && message !== null) errors[field] = message;
  }
  return errors;
}

/**
 * A message meant once for the whole form (the spec's 'Please fill all required fields.') must
 * not sit under every field (issue 11): each such field gets its own short text instead, and
 * the message comes back once, for the form to show beside its submit button.
 */
export function splitSummary(
  errors: FormErrors,
  summary: string,
  fieldTexts: Readonly<Record<string, string>>,
): { fieldErrors: FormErrors; summary: string | null } {
  const fieldErrors: FormErrors = {};
  // The errors may already be in the reader's language (zodFormErrors translates), the summary
  // as the contract gives it: compare both ways.
  const shownSummary = contractMessage(summary);
  let repeated = false;
  for (const [field, message] of Object.entries(errors)) {
    if (message === summary || message === shownSummary) {
      repeated = true;
      fieldErrors[field] = fieldTexts[field] ?? codeText('FIELD_REQUIRED', 'This field is required.');
    } else {
      fieldErrors[field] = message;
    }
  }
  return { fieldErrors, summary: repeated ? shownSummary : null };
}

/**
 * A failed submit, shown once (issue 11): on the fields the server named when the form has
 * them (their text through `fieldText`, so a spec wording such as 'Registration failed: ...'
 * stays), otherwise as the form's one message. Never both, and never also as a toast.
 */
export function submitFailure(
  error: unknown,
  fields: readonly string[],
  formMessage: string,
  fieldText: (message: string, field: string) => string = (message) => message,
): { fieldErrors: FormErrors; formError: string | null } {
  const fieldErrors: FormErrors = {};
  for (const [field, message] of Object.entries(serverFieldErrors(error, fields))) fieldErrors[field] = fieldText(message, field);
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, formError: null };
  // Refused before sending because the browser is offline (api-client.ts): say that, not "Failed to …".
  return { fieldErrors, formError: error instanceof ApiError && error.code === 'OFFLINE' ? error.shownMessage : formMessage };
}
