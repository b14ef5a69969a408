import type { z } from 'zod';

/**
 * A failed API call. `message` reads '{status}: {message}'; the parts stay
 * available for the UI: `detail` (the server's human message), `code` and per-field `fields`.
 * Status 0 means no response arrived (network failure).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly fields?: Record<string, string>,
    /** The whole JSON error body, for answers that carry more than detail and fields. */
    readonly body?: unknown,
  ) {
    super(status === 0 ? detail : `${status}: ${detail}`);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  /** JSON body; when absent no Content-Type is sent (the server rejects empty JSON bodies). */
  body?: unknown;
  /** A body sent as is with its own Content-Type (e.g. a CSV file), instead of `body`. */
  raw?: { type: string; data: string };
  /**
   * Parses the response; without it the JSON is returned as is. A function loads the schema
   * when the response arrives, so that zod is not downloaded before the first call that needs
   * it (see docs/decisions/0008-fast-first-visit.md).
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  signal?: AbortSignal;
  /** Sees the successful response first (e.g. to read a header such as X-Total-Count). */
  onResponse?: (response: Response) => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string') out[key] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Builds the ApiError of a non-OK response: detail, else message, else error, else status text, else raw text. */
function errorFromResponse(response: Response, text: string): ApiError {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  let detail = '';
  let code = `HTTP_${response.status}`;
  let fields: Record<string, string> | undefined;
  if (isRecord(json)) {
    const message = [json.detail, json.message, json.error].find(
      (v): v is string => typeof v === 'string' && v.length > 0,
    );
    if (message) detail = message;
    if (typeof json.code === 'string' && json.code) code = json.code;
    fields = stringFields(json.fields);
  }
  if (!detail) detail = response.statusText || text.trim().slice(0, 200) || 'Request failed';
  return new ApiError(response.status, code, detail, fields, json);
}

/** Calls the API with the session cookie; resolves with the (parsed) JSON or throws ApiError. */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const hasBody = options.body !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (options.raw) headers['Content-Type'] = options.raw.type;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: options.raw ? options.raw.data : hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response, text);
  options.onResponse?.(response);

  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(
        response.status,
        'INVALID_RESPONSE',
        'The server sent an unreadable response.',
      );
    }
  }
  if (!options.schema) return data as T;
  const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
  return schema.parse(data);
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('GET', path, options),
  post: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    apiRequest<T>('POST', path, options),
  put: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    apiRequest<T>('PUT', path, options),
  patch: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    apiRequest<T>('PATCH', path, options),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('DELETE', path, options),
};
