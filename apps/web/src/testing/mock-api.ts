import { vi } from 'vitest';

/** One answer of the fake API: a status and a JSON body, or a failure to connect. */
export type Reply = { status?: number; body?: unknown } | 'network-error';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters (the table is keyed by path alone). */
  query?: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

/**
 * Replaces fetch at the boundary with a table of answers keyed "METHOD /api/path", e.g.
 * `mockApi({ 'POST /api/auth/register': { status: 201, body: { message: 'OTP sent' } } })`.
 * Every call is recorded; an unlisted call answers 404 so a test sees it fail.
 * XMLHttpRequest (used by `apiUpload` for upload progress) answers from the same table; its
 * upload reports 50 % when sent and 100 % before the answer.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers,
    };
    calls.push(call);

    const handler = routes[`${method} ${url.pathname}`];
    if (handler === undefined) {
      return Response.json(
        { message: `No test answer for ${method} ${url.pathname}` },
        { status: 404 },
      );
    }
    const reply = await new Promise<Reply>((resolve, reject) => {
      // Like the real fetch, give up when the caller (or its time-out) aborts.
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (init.signal?.aborted) return abort();
      init.signal?.addEventListener('abort', abort);
      Promise.resolve(typeof handler === 'function' ? handler(call) : handler).then(
        resolve,
        reject,
      );
    });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    if (reply.body === undefined) return new Response(null, { status });
    return Response.json(reply.body, { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(routes, calls));

  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/** A reply that never arrives, for loading states. */
export function pendingReply(): Promise<Reply> {
  return new Promise(() => {});
}

interface FakeProgressEvent {
  lengthComputable: boolean;
  loaded: number;
  total: number;
}

/** Just what `apiUpload` uses of XMLHttpRequest, answered from the mockApi table. */
function fakeXhrClass(routes: Record<string, Handler>, calls: RecordedCall[]) {
  return class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((event: FakeProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    send(body: unknown) {
      const url = new URL(this.url, 'http://localhost');
      const path = url.pathname;
      const call: RecordedCall = {
        method: this.method,
        path,
        query: url.searchParams,
        body,
        headers: this.headers,
      };
      calls.push(call);
      const handler = routes[`${this.method} ${path}`];
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
      void (async () => {
        await Promise.resolve();
        progress(50);
        const reply: Reply =
          handler === undefined
            ? { status: 404, body: { message: `No test answer for ${this.method} ${path}` } }
            : await (typeof handler === 'function' ? handler(call) : handler);
        if (this.aborted) return;
        if (reply === 'network-error') {
          this.onerror?.();
          return;
        }
        progress(100);
        this.status = reply.status ?? 200;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.onload?.();
      })();
    }
  };
}
