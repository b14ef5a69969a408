import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE, api } from './api-client';
import { json } from '@/test/render';

function mockFetch(response: Response | Error) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response.clone();
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends cookies, and a JSON content type only when there is a body', async () => {
    const fetch = mockFetch(json({ ok: true }));
    await api.post('/api/v1/auth/logout');
    let init = fetch.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');

    await api.post('/api/v1/auth/login', { body: { username: 'a', password: 'b' } });
    init = fetch.mock.calls[1]?.[1];
    expect(init?.headers).toHaveProperty('Content-Type', 'application/json');
    expect(init?.body).toBe('{"username":"a","password":"b"}');
  });

  it('parses the answer with the given schema', async () => {
    mockFetch(json({ id: 1, extra: true }));
    await expect(api.get('/x', { schema: z.object({ id: z.number() }) })).resolves.toEqual({
      id: 1,
    });
  });

  it('loads a schema given as a function only when the answer arrives, then parses with it', async () => {
    mockFetch(json({ id: 'not a number' }));
    const load = vi.fn(async () => z.object({ id: z.number() }));
    const call = api.get('/x', { schema: load });
    expect(load).not.toHaveBeenCalled();
    await expect(call).rejects.toThrow();
    expect(load).toHaveBeenCalledTimes(1);

    mockFetch(json({ id: 2, extra: true }));
    await expect(api.get('/x', { schema: load })).resolves.toEqual({ id: 2 });
  });

  it("throws an ApiError reading '{status}: {message}' with code and fields", async () => {
    mockFetch(
      json(
        { detail: 'Username is already taken', code: 'CONFLICT', fields: { username: 'taken' } },
        409,
      ),
    );
    const error = await api.post('/x', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      detail: 'Username is already taken',
      fields: { username: 'taken' },
      message: '409: Username is already taken',
    });
  });

  it('falls back to message/error fields, status text, then raw text; code HTTP_{status}', async () => {
    mockFetch(json({ message: 'from message' }, 422));
    await expect(api.get('/x')).rejects.toMatchObject({ detail: 'from message', code: 'HTTP_422' });
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(api.get('/x')).rejects.toMatchObject({ message: '503: Service Unavailable' });
    mockFetch(new Response('plain failure', { status: 500 }));
    await expect(api.get('/x')).rejects.toMatchObject({ detail: 'plain failure' });
  });

  it('reports a network failure as status 0', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});
