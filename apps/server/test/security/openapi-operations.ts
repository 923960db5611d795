import type { FastifyInstance } from 'fastify';

/** The part of a JSON Schema (as @fastify/swagger writes it) that the checks read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** One method + path of the OpenAPI document. */
export interface Operation {
  /** `POST /api/requests/{id}/accept`: the key of the access-control matrix. */
  key: string;
  method: string;
  /** OpenAPI form, with `{name}` placeholders. */
  path: string;
  pathParams: string[];
  query: Parameter[];
  /** The JSON body schema, when the route takes one. */
  body: JsonSchema | undefined;
  consumesMultipart: boolean;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the app's OpenAPI document (hidden routes are not in it). */
export function listOperations(app: FastifyInstance): Operation[] {
  const document = app.swagger() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(byMethod)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        query: parameters.filter((parameter) => parameter.in === 'query'),
        body: content['application/json']?.schema,
        consumesMultipart: 'multipart/form-data' in content || path === '/api/uploads',
      });
    }
  }
  return operations;
}

/** Fills `{name}` placeholders; values are URL-encoded unless `raw` (the fuzzer sends odd paths on purpose). */
export function fillPath(path: string, values: Record<string, string | number>, raw = false): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for path parameter ${name} of ${path}`);
    return raw ? String(value) : encodeURIComponent(String(value));
  });
}
