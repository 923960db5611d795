import type { ErrorResponse } from '@annadaan/contract/common';
import { type MessageParams, codeText, errorText, loadErrorMessages, messageText } from './error-message';
import { clearSession, getToken } from './session';

/** A field's message code as the server gives it in `fieldErrorCodes`. */
export interface FieldErrorCode {
  code: string;
  params?: MessageParams;
}

/**
 * A failed API call: the server's message, code and per-field errors. `message` stays the English
 * the server sent (for logs and tests); `shownMessage` is what a person reads, in their language,
 * from `messageCode` (docs/decisions/032-error-codes.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fieldErrors: Record<string, string> = {},
    /** The message the server sent, or null when none came (network failure, no JSON body). */
    readonly serverMessage: string | null = null,
    /** The stable code of `message` (message-codes.ts), when it has one. */
    readonly messageCode: string | null = null,
    readonly params: MessageParams = {},
    readonly fieldErrorCodes: Readonly<Record<string, FieldErrorCode>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message in the reader's language (the English when it has no code). */
  get shownMessage(): string {
    return messageText({ english: this.message, code: this.messageCode, params: this.params });
  }

  /** A field's message in the reader's language, or null when the server named no error for it. */
  fieldMessage(field: string): string | null {
    const english = this.fieldErrors[field];
    if (english === undefined) return null;
    const coded = this.fieldErrorCodes[field];
    return messageText({ english, code: coded?.code, params: coded?.params });
  }
}

/** What a change tried while the browser knows it is offline says (the registry's OFFLINE, message-codes.ts). */
export const OFFLINE_MESSAGE = 'You are offline. This needs a connection: try again when you are back online.';

/**
 * How API calls reach the server: the browser's fetch, or on the server render (entry-server.tsx)
 * a function that answers from the same Fastify instance without a network hop.
 */
let apiFetch: (input: string, init: RequestInit) => Promise<Response> = (input, init) => fetch(input, init);

export function setApiFetch(implementation: (input: string, init: RequestInit) => Promise<Response>) {
  apiFetch = implementation;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** Called on any 401 from a signed-in call, after the session is cleared (the router sends people to /signin). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** Calls the API with the bearer token when there is one, and turns failures into ApiError. */
export async function apiRequestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  // A change sent while the browser knows it is offline would only fail after a wait: every form
  // says at once that it needs a connection (issue 18). Reads go on: the service worker may have a copy.
  if ((options.method ?? 'GET') !== 'GET' && isOffline()) {
    await loadErrorMessages();
    throw new ApiError(0, OFFLINE_MESSAGE, 'OFFLINE', {}, null, 'OFFLINE');
  }

  let response: Response;
  try {
    response = await apiFetch(withQuery(path, options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    await loadErrorMessages();
    throw new ApiError(0, 'Network error. Check your connection and try again.', 'NETWORK_ERROR', {}, null, 'NETWORK_ERROR');
  }

  if (response.status === 401 && token) {
    clearSession();
    onUnauthorized();
  }
  if (!response.ok) {
    // The words for the failure in the reader's language are here before anyone reads them.
    const [payload] = await Promise.all([response.json().catch(() => null) as Promise<Partial<ErrorResponse> | null>, loadErrorMessages()]);
    const sent = typeof payload?.message === 'string' && payload.message ? payload.message : null;
    throw new ApiError(
      response.status,
      sent ?? `Request failed (${response.status}).`,
      payload?.code ?? 'HTTP_ERROR',
      payload?.fieldErrors ?? {},
      sent,
      sent ? (payload?.messageCode ?? null) : 'REQUEST_FAILED',
      sent ? (payload?.params ?? {}) : { status: String(response.status) },
      payload?.fieldErrorCodes ?? {},
    );
  }
  const data = response.status === 204 ? (undefined as T) : ((await response.json()) as T);
  return { data, headers: response.headers };
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).data;
}

function withQuery(path: string, query: RequestOptions['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The server's message for a failed call in the reader's language, or null when the server sent none. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.serverMessage !== null ? error.shownMessage : null;
}

/** The message to show for any thrown value, in the reader's language (an ApiError by its code). */
export function errorMessage(error: unknown): string {
  return errorText(error);
}

export { codeText };
