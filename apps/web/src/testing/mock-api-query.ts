import { vi } from 'vitest';
import { mockApi, type RecordedCall, type Reply } from './mock-api';

/** A handler that also sees the query string of the call (e.g. page and search). */
export type QueryHandler =
  Reply | ((call: RecordedCall, query: URLSearchParams) => Reply | Promise<Reply>);

export interface RecordedQueryCall extends RecordedCall {
  query: URLSearchParams;
}

/**
 * `mockApi` for calls whose answer depends on the query string (`mockApi` keys and records the
 * path only): handlers get the call's URLSearchParams, and `queryCalls(method, path)` lists the
 * calls made to a path with their query.
 */
export function mockApiWithQuery(routes: Record<string, QueryHandler>) {
  let current = new URLSearchParams();
  const withQuery: RecordedQueryCall[] = [];
  const wrapped = Object.fromEntries(
    Object.entries(routes).map(([key, handler]) => [
      key,
      typeof handler === 'function' ? (call: RecordedCall) => handler(call, current) : handler,
    ]),
  );
  const api = mockApi(wrapped);
  const inner = api.fetchMock;
  // mockApi's fetch records the call and runs its handler synchronously before its first
  // await, so `current` still holds this call's query when the handler reads it.
  const outer = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    current = url.searchParams;
    const result = inner(input, init);
    const call = api.calls.at(-1);
    if (call) withQuery.push({ ...call, query: url.searchParams });
    return result;
  });
  vi.stubGlobal('fetch', outer);
  return {
    ...api,
    fetchMock: outer,
    queryCalls: (method: string, path: string) =>
      withQuery.filter((call) => call.method === method && call.path === path),
  };
}
