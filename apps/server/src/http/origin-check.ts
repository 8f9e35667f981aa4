import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?printloop\.session_token=/;

/** The origins this install is reached at: PUBLIC_URL's, and localhost/127.0.0.1 for a local install. */
export function trustedOrigins(publicUrl: string): string[] {
  const u = new URL(publicUrl);
  const origins = new Set([u.origin]);
  const port = u.port ? `:${u.port}` : '';
  if (u.hostname === 'localhost') origins.add(`${u.protocol}//127.0.0.1${port}`);
  if (u.hostname === '127.0.0.1') origins.add(`${u.protocol}//localhost${port}`);
  return [...origins];
}

/** Why a state-changing request to a session route is refused as cross-site, or null to let it in. */
export function crossSiteReason(request: FastifyRequest, trusted: readonly string[]): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    return trusted.includes(origin) ? null : `origin ${origin === 'null' ? 'null' : 'not allowed'}`;
  }
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    return site === 'same-origin' || site === 'none' ? null : `sec-fetch-site ${site}`;
  }
  // Neither header: not a browser (browsers send Origin on every POST). A request without the session
  // cookie has no session to misuse; one with it must say where it comes from.
  return SESSION_COOKIE.test(String(request.headers.cookie ?? '')) ? 'no origin' : null;
}

/**
 * Cross-site request forgery: every state-changing request to the session routes (/api/*) must come
 * from this site's own pages, by its Origin (or Sec-Fetch-Site) header; otherwise it is a 403 and never
 * reaches a handler. SameSite=Lax cookies are the second line. The public API (/v1) and store webhooks
 * authenticate with keys and signatures, not cookies, and are not subject to this.
 */
export function useOriginCheck(app: FastifyInstance, publicUrl: string) {
  const trusted = trustedOrigins(publicUrl);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const reason = crossSiteReason(request, trusted);
    if (reason) {
      request.log.info({ reason }, 'cross-site request refused');
      throw new AppError(403, 'FORBIDDEN', 'This request must come from the PrintLoop site itself.');
    }
  });
}
