import { STORAGE_KEYS } from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, api, messageOr } from '@/lib/api-client';
import { getToken, reloadSessionFromStorage } from '@/lib/session';
import { mockApi } from '@/testing/mock-api';

function signIn(token: string) {
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  window.localStorage.setItem(STORAGE_KEYS.unlockedFeatures, '{"freeRoute1":true}');
  reloadSessionFromStorage();
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The call did not fail.');
}

describe('api client', () => {
  it('sends JSON with the bearer token under /api', async () => {
    const server = mockApi({ 'POST /api/things': { status: 201, body: { id: 1 } } });
    signIn('tok');
    await expect(api.post('/things', { a: 1 }, { query: { page: 2, q: '' } })).resolves.toEqual({
      id: 1,
    });
    const [call] = server.calls;
    expect(call?.headers.authorization).toBe('Bearer tok');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toEqual({ a: 1 });
    const [url] = server.fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things?page=2');
  });

  it('leaves the token out when asked to', async () => {
    const server = mockApi({ 'GET /api/open': { body: {} } });
    signIn('tok');
    await api.get('/open', { auth: false });
    expect(server.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('throws an http ApiError with the message and normalised field errors', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 400,
        body: {
          message: 'Bad input',
          errors: [
            { path: 'email', msg: 'Taken' },
            { field: 'name', message: 'Too short' },
          ],
        },
      },
    });
    const error = await failure(api.post('/auth/register', {}));
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Bad input',
      serverMessage: 'Bad input',
      errors: [
        { path: 'email', msg: 'Taken' },
        { path: 'name', msg: 'Too short' },
      ],
    });
    expect(messageOr(error, 'fallback')).toBe('Bad input');
  });

  it('reads an upload error from `error`, and falls back without a message', async () => {
    mockApi({
      'GET /api/a': { status: 500, body: { error: 'Upload broke' } },
      'GET /api/b': { status: 502 },
    });
    expect((await failure(api.get('/a'))).serverMessage).toBe('Upload broke');
    const bare = await failure(api.get('/b'));
    expect(bare.serverMessage).toBeUndefined();
    expect(messageOr(bare, 'fallback')).toBe('fallback');
  });

  it('reports a failed connection as a network error', async () => {
    mockApi({ 'GET /api/a': 'network-error' });
    expect(await failure(api.get('/a'))).toMatchObject({ kind: 'network', status: 0 });
  });

  it('reports a call that gets no answer in time as no-response', async () => {
    mockApi({ 'GET /api/slow': () => new Promise(() => {}) });
    const error = await failure(api.get('/slow', { timeoutMs: 20 }));
    expect(error).toMatchObject({ kind: 'no-response', status: 0 });
  });

  it('ends the session on a 420', async () => {
    mockApi({ 'GET /api/auth/check-user': { status: 420, body: { message: 'Invalid token' } } });
    signIn('expired');
    const error = await failure(api.get('/auth/check-user'));
    expect(error.status).toBe(420);
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.unlockedFeatures)).toBeNull();
  });

  it('turns an answer that breaks its schema into an ApiError', async () => {
    mockApi({ 'GET /api/x': { body: { nope: true } } });
    const schema = {
      parse: (data: unknown) => {
        if (!data || typeof data !== 'object' || !('id' in data)) throw new Error('bad');
        return data as { id: number };
      },
    };
    expect(await failure(api.get('/x', { schema }))).toMatchObject({ kind: 'http', status: 200 });
  });
});
