/** A stand-in for `fetch` in the unit tests: answers from a script and records every request. */
import type { FetchLike } from '../http.js';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  signal: AbortSignal | null | undefined;
}

export type Scripted = Response | Error | ((call: RecordedCall) => Response | Promise<Response>);

export function fakeFetch(script: Scripted[]): { fetch: FetchLike; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call: RecordedCall = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      signal: init.signal,
    };
    calls.push(call);
    const next = script.shift();
    if (next === undefined) throw new Error(`unexpected request ${call.method} ${url}`);
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next(call) : next;
  };
  return { fetch, calls };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': 'req_header', ...headers },
  });
}

export function apiError(
  status: number,
  code: string,
  message: string,
  extra: { param?: string; headers?: Record<string, string> } = {},
): Response {
  const error: Record<string, string> = { code, message, request_id: `req_${status}` };
  if (extra.param) error.param = extra.param;
  return json(status, { error }, extra.headers);
}
