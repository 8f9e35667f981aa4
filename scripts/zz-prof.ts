import autocannon from 'autocannon';
import { toBinaryStl, torus } from '../packages/estimate/dist/index.js';
import { postgresDatabase, signIn, startServer } from './lib/server.ts';
const kind = process.env.KIND ?? 'postgres';
const database = kind === 'postgres' ? await postgresDatabase() : null;
const server = await startServer({
  DATA_DIR: `/tmp/prof-data-${Date.now()}`,
  DATABASE_URL: database?.url ?? '',
  API_RATE_LIMIT: '1000000',
  NODE_OPTIONS: process.env.PROF ? '--cpu-prof --cpu-prof-dir=/tmp/prof' : '',
});
const cookie = await signIn(server.base, 'prof@example.com');
const made = await fetch(`${server.base}/api/api-keys`, {
  method: 'POST',
  headers: { cookie, origin: server.base, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'bench', mode: 'test' }),
});
const key = ((await made.json()) as { key: string }).key;
const auth = { authorization: `Bearer ${key}` };
const form = new FormData();
form.append('file', new Blob([new Uint8Array(toBinaryStl(torus(8, 3, 40, 20)))]), 'small.stl');
const up = await fetch(`${server.base}/v1/files`, { method: 'POST', headers: auth, body: form });
const fileId = ((await up.json()) as { id: string }).id;
const body = JSON.stringify({
  items: [{ file_id: fileId, material: 'PLA', color: 'black', quantity: 2 }],
  shipping_address: { name: 'P S', street: '1 High Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
});
const r = await new Promise<autocannon.Result>((res, rej) =>
  autocannon(
    {
      url: `${server.base}/v1/orders`,
      method: 'POST',
      connections: Number(process.env.CONN ?? 50),
      duration: Number(process.env.DUR ?? 10),
      headers: { ...auth, 'content-type': 'application/json' },
      body,
    },
    (e, x) => (e ? rej(e) : res(x)),
  ),
);
console.log(kind, 'req/s', r.requests.average, 'p50', r.latency.p50, 'p99', r.latency.p99, 'errors', r.errors, 'non2xx', r.non2xx);
await server.stop();
await database?.drop?.();
process.exit(0);
