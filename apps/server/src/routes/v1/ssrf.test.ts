import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printJobs } from '../../db/schema.js';
import { createTestApp, signedInUser, type TestApp } from '../../test-helpers.js';
import { createKey, expectError, fixture, PARAMS, startModelServer, UK, v1 } from './v1-testing.js';

/**
 * Server-fetched URLs (API.md §3) against a model server on this machine's loopback address: refused
 * by default (https only; private, loopback and link-local addresses refused after DNS resolution),
 * fetched with ALLOW_PRIVATE_NETWORK=true, and in both cases at most 3 redirects, each checked again.
 * The rules do not depend on the database, so these run on PGlite only.
 */
describe('server-fetched URLs', () => {
  let models: Awaited<ReturnType<typeof startModelServer>>;
  beforeAll(async () => {
    models = await startModelServer(await fixture('cube_20mm.stl'));
  });
  afterAll(() => models?.close());

  describe('by default (ALLOW_PRIVATE_NETWORK unset)', () => {
    let t: TestApp;
    let key: string;
    beforeAll(async () => {
      t = await createTestApp('pglite', { env: { API_RATE_LIMIT: '100000' }, build: { logger: false } });
      key = (await createKey(t, (await signedInUser(t.app, 'ada@example.com')).cookie, 'test')).key;
    });
    afterAll(() => t?.close());

    it('refuses http, private, loopback, link-local and disguised addresses, and fetches nothing', async () => {
      const hitsBefore = models.hits.length;
      const refused: [string, RegExp][] = [
        [`${models.base}/cube.stl`, /Only https/],
        [`https://127.0.0.1:${models.port}/cube.stl`, /private or reserved/],
        [`https://localhost:${models.port}/cube.stl`, /private or reserved/],
        [`https://[::1]:${models.port}/cube.stl`, /private or reserved/],
        [`https://2130706433:${models.port}/cube.stl`, /private or reserved/],
        [`https://0x7f.0.0.1:${models.port}/cube.stl`, /private or reserved/],
        ['https://169.254.169.254/latest/meta-data/', /private or reserved/],
        ['https://10.0.0.8/model.stl', /private or reserved/],
        ['https://192.168.1.20/model.stl', /private or reserved/],
        ['https://[fd00::1]/model.stl', /private or reserved/],
        ['https://0.0.0.0/model.stl', /private or reserved/],
        ['ftp://files.example.org/model.stl', /Only https/],
        ['file:///etc/passwd', /Only https/],
        ['https://user:secret@example.org/model.stl', /user name or password/],
        ['not a url', /not a valid URL/],
      ];
      for (const [url, message] of refused) {
        const e = expectError(await v1(t, key, 'POST', '/v1/files', { url }), 400, 'VALIDATION_ERROR', 'url');
        expect(e.message, url).toMatch(message);
      }
      // The same rules for model_url in quotes, products and orders, naming that field.
      const url = `https://127.0.0.1:${models.port}/cube.stl`;
      expectError(
        await v1(t, key, 'POST', '/v1/quotes', { model_url: url, ...PARAMS }),
        400,
        'VALIDATION_ERROR',
        'model_url',
      );
      expectError(
        await v1(t, key, 'POST', '/v1/products', { name: 'X', model_url: url }),
        400,
        'VALIDATION_ERROR',
        'model_url',
      );
      expectError(
        await v1(t, key, 'POST', '/v1/orders', {
          items: [{ model_url: url, ...PARAMS }],
          shipping_address: UK,
        }),
        400,
        'VALIDATION_ERROR',
        'items[0].model_url',
      );
      expect(models.hits.length).toBe(hitsBefore);
      expect(await t.app.database.db.select().from(printJobs)).toHaveLength(0);
    });
  });

  describe('with ALLOW_PRIVATE_NETWORK=true', () => {
    let t: TestApp;
    let key: string;
    beforeAll(async () => {
      t = await createTestApp('pglite', {
        env: { ALLOW_PRIVATE_NETWORK: 'true', API_RATE_LIMIT: '100000' },
        build: { logger: false },
      });
      key = (await createKey(t, (await signedInUser(t.app, 'ada@example.com')).cookie, 'test')).key;
    });
    afterAll(() => t?.close());

    it('fetches from the local network over http, following up to 3 redirects', async () => {
      const direct = await v1(t, key, 'POST', '/v1/files', { url: `${models.base}/cube.stl` });
      expect(direct.statusCode, direct.body).toBe(201);
      const three = await v1(t, key, 'POST', '/v1/files', { url: `${models.base}/hop/3` });
      expect(three.statusCode, three.body).toBe(201);
      expect(three.json().filename).toBe('cube.stl');
    });

    it('refuses a 4th redirect and a redirect to another scheme', async () => {
      const before = models.hits.length;
      expect(
        expectError(
          await v1(t, key, 'POST', '/v1/files', { url: `${models.base}/hop/4` }),
          400,
          'VALIDATION_ERROR',
          'url',
        ).message,
      ).toMatch(/more than 3 times/);
      // Exactly 4 requests were made: the first and three redirects; the 4th target was never asked.
      expect(models.hits.slice(before)).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1']);
      expect(
        expectError(
          await v1(t, key, 'POST', '/v1/files', { url: `${models.base}/to-ftp` }),
          400,
          'VALIDATION_ERROR',
          'url',
        ).message,
      ).toMatch(/Only https/);
    });

    it('names the HTTP status of a URL that does not answer with a model', async () => {
      const e = expectError(
        await v1(t, key, 'POST', '/v1/files', { url: `${models.base}/nothing-here.stl` }),
        400,
        'VALIDATION_ERROR',
        'url',
      );
      expect(e.message).toMatch(/HTTP 404/);
      const closed = expectError(
        await v1(t, key, 'POST', '/v1/files', { url: 'http://127.0.0.1:1/cube.stl' }),
        400,
        'VALIDATION_ERROR',
        'url',
      );
      expect(closed.message).toMatch(/could not be fetched/);
    });
  });
});
