/**
 * Writes the public API's OpenAPI document (GET /v1/openapi.json of a server built with the
 * defaults) to a file: `node scripts/openapi.ts <out.json>`. CI lints it with @redocly/cli and the
 * web build renders /docs/api from it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';

const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/openapi.ts <out.json>');
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'printloop-openapi-'));
try {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://api.printloop.example.com',
  });
  config.database = { kind: 'pglite', dataDir: null };
  const app = await buildApp(config, { inlineModels: true, logger: false });
  await app.ready();
  const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
  await app.close();
  if (res.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${res.statusCode}`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(res.json(), null, 2)}\n`);
  console.log(`wrote ${out}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
