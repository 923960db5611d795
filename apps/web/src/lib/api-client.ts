import type { ErrorResponse } from '@annadaan/contract/common';
import { clearSession, getToken } from './session';

/** A failed API call: the server's message, code and per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fieldErrors: Record<string, string> = {},
    /** The message the server sent, or null when none came (network failure, no JSON body). */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error. Check your connection and try again.', 'NETWORK_ERROR');
  }

  if (response.status === 401 && token) {
    clearSession();
    onUnauthorized();
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as Partial<ErrorResponse> | null;
    throw new ApiError(
      response.status,
      payload?.message ?? `Request failed (${response.status}).`,
      payload?.code ?? 'HTTP_ERROR',
      payload?.fieldErrors ?? {},
      typeof payload?.message === 'string' && payload.message ? payload.message : null,
    );
  }
  const data = response.status === 204 ? (undefined as T) : ((await response.json()) as T);
  return { data, headers: response.headers };
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

/** The server's message for a failed call, or null when the server sent none. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
