import type { FastifyInstance, InjectOptions } from 'fastify';

/** Routes whose 200 answer is a stream that stays open (Server-Sent Events). */
export const STREAM_ROUTES = ['GET /api/events'];

export interface InjectedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json<T = unknown>(): T;
}

/**
 * `inject`, except that on a stream route an open stream (200) is dropped once its headers are in
 * (its body never ends), while any other answer is read whole as usual.
 */
export async function injectCall(app: FastifyInstance, key: string, options: InjectOptions): Promise<InjectedAnswer> {
  if (!STREAM_ROUTES.includes(key)) return app.inject(options);
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  let body = '';
  if (response.statusCode === 200) {
    stream.destroy();
  } else {
    for await (const chunk of stream) body += String(chunk);
  }
  return { statusCode: response.statusCode, headers: response.headers, body, json: <T>() => JSON.parse(body) as T };
}
