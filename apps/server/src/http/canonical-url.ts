/**
 * One canonical form for every request path, applied before routing (Fastify's rewriteUrl), so that
 * `/api/auth/./sign-in/email`, `/api/auth/%2e/sign-in/email`, `/api/auth/x/../sign-in/email`,
 * `//api//auth/sign-in/email` and `/api/auth\sign-in/email` all reach, and are limited as, the one
 * route they name. Better Auth resolves its paths with the WHATWG URL parser, so the canonical form
 * starts from that parser's path (dot segments, `%2e` and backslashes resolved exactly as it does),
 * then merges repeated slashes and decodes percent-encoded unreserved characters (RFC 3986 §6.2.2).
 */
const UNRESERVED_ESCAPE = /%(2[dDeE]|5[fF]|7[eE]|3[0-9]|[46][1-9a-fA-F]|[57][0-9aA])/g;

export function canonicalPath(path: string): string {
  // WHATWG URLs read a backslash as a slash; a leading '//' would be read as a host, so slashes are
  // merged first.
  let p = `/${path}`.replace(/\\/g, '/');
  for (let i = 0; i < 4; i++) {
    const next = new URL(
      p
        .replace(/\/{2,}/g, '/')
        .replace(UNRESERVED_ESCAPE, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'http://canonical.invalid',
    ).pathname.replace(/\/{2,}/g, '/');
    // Decoding can form new dot segments (%2E%2E): repeat until nothing changes.
    if (next === p) break;
    p = next;
  }
  return p;
}

/** The canonical request URL: the canonical path with the query string kept as sent. */
export function canonicalUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  // The common case costs one test: nothing to resolve.
  if (!/[/\\]\.|%|\/\/|\\/.test(path)) return url;
  return canonicalPath(path) + query;
}
