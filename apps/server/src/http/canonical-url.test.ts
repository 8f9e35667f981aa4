import { describe, expect, it } from 'vitest';
import { canonicalPath, canonicalUrl } from './canonical-url.js';

describe('canonical request paths', () => {
  it.each([
    '/api/auth/./sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/%2E/sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/x/%2e%2e/sign-in/email',
    '/api/auth/x/.%2E/sign-in/email',
    '//api//auth/sign-in/email',
    '/api/auth//sign-in//email',
    '/api/auth\\sign-in/email',
    '/api/auth/x\\..\\sign-in/email',
    '/api/auth/%73ign-in/email',
    '/api/auth/sign-in/./email',
    '/api/x/../auth/sign-in/email',
  ])('%s is /api/auth/sign-in/email', (raw) => {
    expect(canonicalPath(raw)).toBe('/api/auth/sign-in/email');
  });

  it('never climbs above the root, keeps encoded slashes and the query string', () => {
    expect(canonicalPath('/../../etc/passwd')).toBe('/etc/passwd');
    expect(canonicalUrl('/a/%2F/b?x=../y')).toBe('/a/%2F/b?x=../y');
    expect(canonicalPath('/a/%252e%252e/b')).toBe('/a/%252e%252e/b');
    expect(canonicalUrl('/api/quotes?limit=5')).toBe('/api/quotes?limit=5');
    expect(canonicalUrl('/a/../b?c=%2e')).toBe('/b?c=%2e');
  });

  it('leaves ordinary paths untouched', () => {
    for (const p of [
      '/',
      '/calculator',
      '/assets/app-1a2b.js',
      '/.well-known/security.txt',
      '/api/jobs/abc/mesh',
    ]) {
      expect(canonicalUrl(p)).toBe(p);
    }
  });
});
