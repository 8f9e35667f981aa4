/**
 * The API's code samples as data: one request per operation (method, path, query, body) from which
 * the cURL, JavaScript (fetch) and Python (standard library) versions are written, so the three never
 * disagree. The bodies and queries are checked against the server's own schemas in samples.test.ts;
 * the SDKs will later replace the JavaScript and Python versions with tested SDK code.
 */
import type { CodeSamples } from './languages';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Ids in the shapes the API gives them. */
export const sampleIds = {
  file: 'file_3f2a9c1e7b4d4e0f9a8b6c5d4e3f2a1b',
  quote: 'quo_8c1d2e3f4a5b4c6d8e7f9a0b1c2d3e4f',
  product: 'prd_7Hq2LmX9pR4sT6vW8yZ1aB',
  order: 'ord_5Xq9Tz3LmN7pR2sV4wY6aC',
  endpoint: 'we_2Fk8Qw4ZpT6vX1bN3cM5dR',
  event: 'evt_9Lm3Hs7Kd2Wq5Rt8Yx1Zb4',
} as const;

export const shippingAddressSample = {
  name: 'Jane Smith',
  street: '12 High Street',
  city: 'Manchester',
  postal_code: 'M1 1AE',
  country: 'GB',
  email: 'jane@example.com',
} satisfies Record<string, JsonValue>;

export interface RequestSample {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below /v1, with real-looking ids. */
  path: string;
  query?: Record<string, string | number>;
  body?: { [key: string]: JsonValue };
  /** What the answer is called in the JavaScript and Python versions. */
  result: string;
  /** The last lines: what to do with the answer. */
  use: { javascript: string; python: string };
}

/** A multipart upload (POST /v1/files): written by hand, as the three build multipart bodies differently. */
export interface UploadSample {
  operationId: 'createFile';
  method: 'POST';
  path: '/files';
  fileName: string;
  units: string;
}

export const uploadSample: UploadSample = {
  operationId: 'createFile',
  method: 'POST',
  path: '/files',
  fileName: 'phone-stand.stl',
  units: 'mm',
};

export const requestSamples: readonly RequestSample[] = [
  {
    operationId: 'getFile',
    method: 'GET',
    path: `/files/${sampleIds.file}`,
    result: 'file',
    use: {
      javascript: 'console.log(file.analysis.volume_mm3, file.analysis.watertight);',
      python: 'print(file["analysis"]["volume_mm3"], file["analysis"]["watertight"])',
    },
  },
  {
    operationId: 'createQuote',
    method: 'POST',
    path: '/quotes',
    body: {
      file_id: sampleIds.file,
      material: 'PETG',
      color: 'black',
      layer_height: 0.2,
      infill: 20,
      quantity: 10,
    },
    result: 'quote',
    use: {
      javascript: 'console.log(quote.id, quote.total_amount, quote.currency); // pence',
      python: 'print(quote["id"], quote["total_amount"], quote["currency"])  # pence',
    },
  },
  {
    operationId: 'getQuote',
    method: 'GET',
    path: `/quotes/${sampleIds.quote}`,
    result: 'quote',
    use: {
      javascript: 'console.log(quote.total_amount, quote.valid_until);',
      python: 'print(quote["total_amount"], quote["valid_until"])',
    },
  },
  {
    operationId: 'createProduct',
    method: 'POST',
    path: '/products',
    body: {
      name: 'Phone stand',
      description: 'Folding stand for phones up to 7 inches',
      file_id: sampleIds.file,
      materials: ['PLA', 'PETG'],
      defaults: { material: 'PLA', color: 'black', infill: 20 },
      sku: 'STAND-01',
      metadata: { collection: 'desk' },
    },
    result: 'product',
    use: {
      javascript: 'console.log(product.id, product.dimensions); // measured from the file, mm',
      python: 'print(product["id"], product["dimensions"])  # measured from the file, mm',
    },
  },
  {
    operationId: 'listProducts',
    method: 'GET',
    path: '/products',
    query: { limit: 20 },
    result: 'page',
    use: {
      javascript: 'for (const product of page.data) console.log(product.id, product.sku);',
      python: 'for product in page["data"]:\n    print(product["id"], product["sku"])',
    },
  },
  {
    operationId: 'getProduct',
    method: 'GET',
    path: `/products/${sampleIds.product}`,
    result: 'product',
    use: {
      javascript: 'console.log(product.name, product.materials);',
      python: 'print(product["name"], product["materials"])',
    },
  },
  {
    operationId: 'updateProduct',
    method: 'PATCH',
    path: `/products/${sampleIds.product}`,
    body: { materials: ['PLA', 'PETG', 'TPU'], metadata: { collection: 'desk' } },
    result: 'product',
    use: {
      javascript: 'console.log(product.materials, product.updated_at);',
      python: 'print(product["materials"], product["updated_at"])',
    },
  },
  {
    operationId: 'archiveProduct',
    method: 'DELETE',
    path: `/products/${sampleIds.product}`,
    result: 'product',
    use: {
      javascript: 'console.log(product.archived); // true',
      python: 'print(product["archived"])  # True',
    },
  },
  {
    operationId: 'createOrder',
    method: 'POST',
    path: '/orders',
    body: {
      items: [{ quote_id: sampleIds.quote, quantity: 10 }],
      shipping_address: shippingAddressSample,
      shipping_service: 'standard',
      external_id: 'shop-order-1042',
      metadata: { channel: 'etsy' },
    },
    result: 'order',
    use: {
      javascript: 'console.log(order.id, order.status, order.total_amount);',
      python: 'print(order["id"], order["status"], order["total_amount"])',
    },
  },
  {
    operationId: 'listOrders',
    method: 'GET',
    path: '/orders',
    query: { status: 'shipped', limit: 20 },
    result: 'page',
    use: {
      javascript:
        'for (const order of page.data) console.log(order.id, order.tracking_number);\n// More? Ask again with starting_after = the last id while page.has_more.',
      python:
        'for order in page["data"]:\n    print(order["id"], order["tracking_number"])\n# More? Ask again with starting_after = the last id while page["has_more"].',
    },
  },
  {
    operationId: 'getOrder',
    method: 'GET',
    path: `/orders/${sampleIds.order}`,
    result: 'order',
    use: {
      javascript: 'console.log(order.status, order.estimated_delivery, order.tracking_url);',
      python: 'print(order["status"], order["estimated_delivery"], order["tracking_url"])',
    },
  },
  {
    operationId: 'cancelOrder',
    method: 'POST',
    path: `/orders/${sampleIds.order}/cancel`,
    body: { reason: 'The customer changed their mind' },
    result: 'order',
    use: {
      javascript: 'console.log(order.status); // "cancelled"',
      python: 'print(order["status"])  # cancelled',
    },
  },
  {
    operationId: 'getShippingRates',
    method: 'GET',
    path: '/shipping/rates',
    query: { country: 'DE', weight_grams: 420 },
    result: 'rates',
    use: {
      javascript:
        'for (const rate of rates.data) {\n  console.log(rate.id, rate.amount, rate.estimated_days); // pence; business days\n}',
      python:
        'for rate in rates["data"]:\n    print(rate["id"], rate["amount"], rate["estimated_days"])  # pence; business days',
    },
  },
  {
    operationId: 'createShippingRates',
    method: 'POST',
    path: '/shipping/rates',
    body: { country: 'US', items: [{ product_id: sampleIds.product, quantity: 3 }] },
    result: 'rates',
    use: {
      javascript: 'console.log(rates.data[0]); // the cheapest',
      python: 'print(rates["data"][0])  # the cheapest',
    },
  },
  {
    operationId: 'createWebhookEndpoint',
    method: 'POST',
    path: '/webhook_endpoints',
    body: {
      url: 'https://example.com/printloop/webhooks',
      events: ['order.created', 'order.shipped', 'order.delivered'],
      description: 'Order updates for the shop',
    },
    result: 'endpoint',
    use: {
      javascript: 'console.log(endpoint.id, endpoint.secret); // keep the whsec_ secret: it is shown once',
      python: 'print(endpoint["id"], endpoint["secret"])  # keep the whsec_ secret: it is shown once',
    },
  },
  {
    operationId: 'listWebhookEndpoints',
    method: 'GET',
    path: '/webhook_endpoints',
    result: 'endpoints',
    use: {
      javascript: 'for (const e of endpoints.data) console.log(e.id, e.url, e.status);',
      python: 'for e in endpoints["data"]:\n    print(e["id"], e["url"], e["status"])',
    },
  },
  {
    operationId: 'testWebhookEndpoint',
    method: 'POST',
    path: `/webhook_endpoints/${sampleIds.endpoint}/test`,
    result: 'event',
    use: {
      javascript: 'console.log(event.id, event.type); // a ping event, on its way',
      python: 'print(event["id"], event["type"])  # a ping event, on its way',
    },
  },
  {
    operationId: 'listEvents',
    method: 'GET',
    path: '/events',
    query: { limit: 10 },
    result: 'events',
    use: {
      javascript: 'for (const e of events.data) console.log(e.id, e.type, e.created_at);',
      python: 'for e in events["data"]:\n    print(e["id"], e["type"], e["created_at"])',
    },
  },
  {
    operationId: 'getEvent',
    method: 'GET',
    path: `/events/${sampleIds.event}`,
    result: 'event',
    use: {
      javascript: 'console.log(event.type, event.data);',
      python: 'print(event["type"], event["data"])',
    },
  },
  {
    operationId: 'redeliverEvent',
    method: 'POST',
    path: `/events/${sampleIds.event}/redeliver`,
    body: { endpoint_id: sampleIds.endpoint },
    result: 'event',
    use: {
      javascript: 'console.log(event.id); // queued again for that endpoint',
      python: 'print(event["id"])  # queued again for that endpoint',
    },
  },
  {
    operationId: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: `/webhook_endpoints/${sampleIds.endpoint}`,
    result: 'deleted',
    use: {
      javascript: 'console.log(deleted.deleted); // true',
      python: 'print(deleted["deleted"])  # True',
    },
  },
  {
    operationId: 'advanceTestOrder',
    method: 'POST',
    path: `/test_helpers/orders/${sampleIds.order}/advance`,
    result: 'order',
    use: {
      javascript: 'console.log(order.status); // the next status, e.g. "printing"',
      python: 'print(order["status"])  # the next status, e.g. printing',
    },
  },
];

/** The quick start's order: one uploaded file, printed in PLA, to a UK address. */
export const quickStartOrderSample: RequestSample = {
  operationId: 'createOrder',
  method: 'POST',
  path: '/orders',
  body: {
    items: [{ file_id: sampleIds.file, material: 'PLA', color: 'black', quantity: 2 }],
    shipping_address: shippingAddressSample,
  },
  result: 'order',
  use: {
    javascript: 'console.log(order.id, order.status, order.total_amount); // "queued" for a test order',
    python: 'print(order["id"], order["status"], order["total_amount"])  # queued for a test order',
  },
};

// ---------------------------------------------------------------------------------------------
// Writing the samples.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A value as a JavaScript literal: unquoted keys where possible, single-quoted strings. */
export function toJsLiteral(value: JsonValue, indent = ''): string {
  const inner = `${indent}  `;
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object'))
      return `[${value.map((v) => toJsLiteral(v)).join(', ')}]`;
    return `[\n${value.map((v) => `${inner}${toJsLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(
    ([k, v]) => `${inner}${IDENTIFIER.test(k) ? k : `'${k}'`}: ${toJsLiteral(v, inner)},`,
  );
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** A value as a Python literal (True, False, None; double-quoted strings). */
export function toPythonLiteral(value: JsonValue, indent = ''): string {
  const inner = `${indent}    `;
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object'))
      return `[${value.map((v) => toPythonLiteral(v)).join(', ')}]`;
    return `[\n${value.map((v) => `${inner}${toPythonLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${toPythonLiteral(v, inner)},`).join('\n')}\n${indent}}`;
}

function urlOf(apiBase: string, sample: Pick<RequestSample, 'path' | 'query'>): string {
  const query = sample.query
    ? `?${new URLSearchParams(Object.entries(sample.query).map(([k, v]) => [k, String(v)])).toString()}`
    : '';
  return `${apiBase}${sample.path}${query}`;
}

function curlSample(apiBase: string, s: RequestSample): string {
  const url = urlOf(apiBase, s);
  const lines = [s.query ? `curl "${url}"` : `curl ${url}`];
  if (s.method !== 'GET' && !(s.method === 'POST' && s.body)) lines.push(`  -X ${s.method}`);
  lines.push('  -H "Authorization: Bearer $PRINTLOOP_API_KEY"');
  if (s.body) lines.push('  -H "Content-Type: application/json"');
  if (s.method === 'POST') lines.push('  -H "Idempotency-Key: $(uuidgen)"');
  if (s.body) lines.push(`  -d '${JSON.stringify(s.body, null, 2).replaceAll('\n', '\n  ')}'`);
  return lines.join(' \\\n');
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a JavaScript sample
const JS_AUTH = '    Authorization: `Bearer ${process.env.PRINTLOOP_API_KEY}`,';
/** Throws the error envelope's code and message when the answer is not a success. */
const jsThrow = (name: string) =>
  `if (!res.ok) throw new Error(\`\${${name}.error.code}: \${${name}.error.message}\`);`;

function javascriptSample(apiBase: string, s: RequestSample): string {
  const headers = [JS_AUTH];
  if (s.body) headers.push("    'Content-Type': 'application/json',");
  if (s.method === 'POST')
    headers.push("    'Idempotency-Key': crypto.randomUUID(), // reuse it to retry safely");
  const init = [
    ...(s.method === 'GET' ? [] : [`  method: '${s.method}',`]),
    '  headers: {',
    ...headers,
    '  },',
    ...(s.body ? [`  body: JSON.stringify(${toJsLiteral(s.body, '  ')}),`] : []),
  ];
  return [
    `const res = await fetch('${urlOf(apiBase, s)}', {`,
    ...init,
    '});',
    `const ${s.result} = await res.json();`,
    jsThrow(s.result),
    '',
    s.use.javascript,
  ].join('\n');
}

function pythonRequest(url: string, method: string, headers: string[], data: string | null): string[] {
  return [
    'req = urllib.request.Request(',
    `    "${url}",`,
    `    method="${method}",`,
    '    headers={',
    ...headers.map((h) => `        ${h},`),
    '    },',
    ...(data ? [`    data=${data},`] : []),
    ')',
  ];
}

const PYTHON_SEND = (result: string) => [
  'try:',
  '    with urllib.request.urlopen(req) as res:',
  `        ${result} = json.load(res)`,
  'except urllib.error.HTTPError as err:  # 4xx and 5xx: the error envelope',
  '    raise SystemExit(json.load(err)["error"])',
];

function pythonSample(apiBase: string, s: RequestSample): string {
  const headers = ['"Authorization": f"Bearer {os.environ[\'PRINTLOOP_API_KEY\']}"'];
  if (s.body) headers.push('"Content-Type": "application/json"');
  if (s.method === 'POST') headers.push('"Idempotency-Key": str(uuid.uuid4())');
  const imports =
    s.method === 'POST'
      ? 'import json, os, urllib.error, urllib.request, uuid'
      : 'import json, os, urllib.error, urllib.request';
  return [
    imports,
    '',
    ...pythonRequest(
      urlOf(apiBase, s),
      s.method,
      headers,
      s.body ? `json.dumps(${toPythonLiteral(s.body, '    ')}).encode()` : null,
    ),
    ...PYTHON_SEND(s.result),
    '',
    s.use.python,
  ].join('\n');
}

/** The three versions of one JSON request. */
export function requestSampleCode(apiBase: string, sample: RequestSample): CodeSamples {
  return {
    curl: curlSample(apiBase, sample),
    javascript: javascriptSample(apiBase, sample),
    python: pythonSample(apiBase, sample),
  };
}

/** The three versions of the multipart upload. Fields before the file: the server reads them first. */
export function uploadSampleCode(apiBase: string, s: UploadSample = uploadSample): CodeSamples {
  return {
    curl: [
      `curl ${apiBase}${s.path}`,
      '  -H "Authorization: Bearer $PRINTLOOP_API_KEY"',
      '  -H "Idempotency-Key: $(uuidgen)"',
      `  -F units=${s.units}`,
      `  -F file=@${s.fileName}`,
    ].join(' \\\n'),
    javascript: [
      "import { readFile } from 'node:fs/promises';",
      '',
      'const form = new FormData();',
      `form.append('units', '${s.units}'); // optional, and before the file`,
      `form.append('file', new Blob([await readFile('${s.fileName}')]), '${s.fileName}');`,
      '',
      `const res = await fetch('${apiBase}${s.path}', {`,
      "  method: 'POST',",
      '  headers: {',
      JS_AUTH,
      "    'Idempotency-Key': crypto.randomUUID(), // reuse it to retry safely",
      '  },',
      '  body: form, // fetch sets the multipart Content-Type and boundary',
      '});',
      'const file = await res.json();',
      jsThrow('file'),
      '',
      'console.log(file.id, file.analysis.volume_mm3, file.analysis.bbox);',
    ].join('\n'),
    python: [
      'import json, os, urllib.error, urllib.request, uuid',
      '',
      'boundary = uuid.uuid4().hex',
      `with open("${s.fileName}", "rb") as f:`,
      '    model = f.read()',
      'body = (',
      `    f'--{boundary}\\r\\nContent-Disposition: form-data; name="units"\\r\\n\\r\\n${s.units}\\r\\n'`,
      `    f'--{boundary}\\r\\nContent-Disposition: form-data; name="file"; filename="${s.fileName}"\\r\\n'`,
      '    "Content-Type: application/octet-stream\\r\\n\\r\\n"',
      ').encode() + model + f"\\r\\n--{boundary}--\\r\\n".encode()',
      '',
      ...pythonRequest(
        `${apiBase}${s.path}`,
        'POST',
        [
          '"Authorization": f"Bearer {os.environ[\'PRINTLOOP_API_KEY\']}"',
          '"Content-Type": f"multipart/form-data; boundary={boundary}"',
          '"Idempotency-Key": str(uuid.uuid4())',
        ],
        'body',
      ),
      ...PYTHON_SEND('file'),
      '',
      'print(file["id"], file["analysis"]["volume_mm3"], file["analysis"]["bbox"])',
    ].join('\n'),
  };
}

/** Every operation's samples, by operationId. */
export function operationSamples(apiBase: string): Record<string, CodeSamples> {
  const out: Record<string, CodeSamples> = { [uploadSample.operationId]: uploadSampleCode(apiBase) };
  for (const s of requestSamples) out[s.operationId] = requestSampleCode(apiBase, s);
  return out;
}
