// The README's quick start: upload a model, place an order, follow it.
// PRINTLOOP_API_KEY=pl_test_… node examples/quickstart.mjs phone-stand.stl
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { PrintLoop } from '@printloop/sdk';

const model = process.argv[2];
const { PRINTLOOP_API_KEY: apiKey, PRINTLOOP_BASE_URL: baseUrl } = process.env;
const client = new PrintLoop({ apiKey, baseUrl });
const file = await client.files.create({ file: await readFile(model), filename: basename(model) });
const item = { file_id: file.id, material: 'PLA', color: 'black', quantity: 1 };
const address = { name: 'Ada', street: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' };
const order = await client.orders.create({ items: [item], shipping_address: address });
console.log(order.id, (await client.orders.retrieve(order.id)).status);
