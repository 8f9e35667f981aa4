import type { CodeSamples, ParamRow } from './code';

/** The hosted API's base URL; self-hosted installs serve the same API at `{your origin}/v1`. */
export const apiBaseUrl = 'https://api.printloop.example.com/v1';
export const jsSdkPackage = '@printloop/sdk';
export const pythonSdkPackage = 'printloop';

export const orderRequestJson = `{
  "model_url": "https://files.example.com/models/phone-stand.stl",
  "quantity": 2,
  "material": "PETG",
  "color": "black",
  "shipping_address": {
    "name": "Jane Smith",
    "street": "12 High Street",
    "city": "Manchester",
    "country": "GB"
  }
}`;

export const orderResponseJson = `{
  "id": "ord_8f3k2m9x4q",
  "status": "processing",
  "created_at": "2026-11-22T09:30:00Z",
  "estimated_delivery": "2026-11-27",
  "tracking_number": null
}`;

export const orderListResponseJson = `{
  "data": [
    {
      "id": "ord_8f3k2m9x4q",
      "status": "processing",
      "created_at": "2026-11-22T09:30:00Z",
      "estimated_delivery": "2026-11-27",
      "tracking_number": null
    }
  ],
  "has_more": false
}`;

export const productRequestJson = `{
  "name": "Articulated dragon",
  "description": "Print-in-place dragon with 24 moving joints",
  "model_url": "https://files.example.com/models/dragon.3mf",
  "materials": ["PLA", "PETG"],
  "dimensions": { "width": 180, "height": 45, "depth": 60 }
}`;

export const productResponseJson = `{
  "id": "prd_2n7v5c1w8e",
  "name": "Articulated dragon",
  "description": "Print-in-place dragon with 24 moving joints",
  "model_url": "https://files.example.com/models/dragon.3mf",
  "materials": ["PLA", "PETG"],
  "dimensions": { "width": 180, "height": 45, "depth": 60 },
  "created_at": "2026-11-22T09:12:44Z"
}`;

export const errorJson = `{
  "error": {
    "code": "VALIDATION_ERROR",
    "message": "quantity must be a whole number from 1 to 1000"
  }
}`;

export const createOrderSamples: CodeSamples = {
  javascript: `import { PrintLoop } from '${jsSdkPackage}';

// Read the key from the server's environment, never from browser code.
const printloop = new PrintLoop({ apiKey: process.env.PRINTLOOP_API_KEY });

const order = await printloop.orders.create({
  model_url: 'https://files.example.com/models/phone-stand.stl',
  quantity: 2,
  material: 'PETG',
  color: 'black',
  shipping_address: {
    name: 'Jane Smith',
    street: '12 High Street',
    city: 'Manchester',
    country: 'GB',
  },
});

console.log(order.id, order.status); // "ord_8f3k2m9x4q" "processing"`,
  python: `import os
from printloop import PrintLoop

# Read the key from the environment, never hard-code it.
client = PrintLoop(api_key=os.environ["PRINTLOOP_API_KEY"])

order = client.orders.create(
    model_url="https://files.example.com/models/phone-stand.stl",
    quantity=2,
    material="PETG",
    color="black",
    shipping_address={
        "name": "Jane Smith",
        "street": "12 High Street",
        "city": "Manchester",
        "country": "GB",
    },
)

print(order.id, order.status)  # ord_8f3k2m9x4q processing`,
  curl: `curl ${apiBaseUrl}/orders \\
  -H "Authorization: Bearer $PRINTLOOP_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "model_url": "https://files.example.com/models/phone-stand.stl",
    "quantity": 2,
    "material": "PETG",
    "color": "black",
    "shipping_address": {
      "name": "Jane Smith",
      "street": "12 High Street",
      "city": "Manchester",
      "country": "GB"
    }
  }'`,
};

export const getOrderSamples: CodeSamples = {
  javascript: `const order = await printloop.orders.retrieve('ord_8f3k2m9x4q');

if (order.tracking_number) {
  console.log(\`Shipped: \${order.tracking_number}\`);
} else {
  console.log(\`Status: \${order.status}, due \${order.estimated_delivery}\`);
}`,
  python: `order = client.orders.retrieve("ord_8f3k2m9x4q")

if order.tracking_number:
    print(f"Shipped: {order.tracking_number}")
else:
    print(f"Status: {order.status}, due {order.estimated_delivery}")`,
  curl: `curl ${apiBaseUrl}/orders/ord_8f3k2m9x4q \\
  -H "Authorization: Bearer $PRINTLOOP_API_KEY"`,
};

export const listOrdersSamples: CodeSamples = {
  javascript: `// Iterate page by page with the cursor in starting_after.
let page = await printloop.orders.list({ status: 'processing', limit: 50 });
for (const order of page.data) console.log(order.id);

while (page.has_more) {
  const last = page.data[page.data.length - 1];
  page = await printloop.orders.list({ status: 'processing', limit: 50, starting_after: last.id });
  for (const order of page.data) console.log(order.id);
}`,
  python: `# Iterate page by page with the cursor in starting_after.
page = client.orders.list(status="processing", limit=50)
for order in page.data:
    print(order.id)

while page.has_more:
    page = client.orders.list(status="processing", limit=50, starting_after=page.data[-1].id)
    for order in page.data:
        print(order.id)`,
  curl: `curl "${apiBaseUrl}/orders?status=processing&limit=50" \\
  -H "Authorization: Bearer $PRINTLOOP_API_KEY"`,
};

export const createProductSamples: CodeSamples = {
  javascript: `const product = await printloop.products.create({
  name: 'Articulated dragon',
  description: 'Print-in-place dragon with 24 moving joints',
  model_url: 'https://files.example.com/models/dragon.3mf',
  materials: ['PLA', 'PETG'],
  dimensions: { width: 180, height: 45, depth: 60 },
});

console.log(product.id); // "prd_2n7v5c1w8e"`,
  python: `product = client.products.create(
    name="Articulated dragon",
    description="Print-in-place dragon with 24 moving joints",
    model_url="https://files.example.com/models/dragon.3mf",
    materials=["PLA", "PETG"],
    dimensions={"width": 180, "height": 45, "depth": 60},
)

print(product.id)  # prd_2n7v5c1w8e`,
  curl: `curl ${apiBaseUrl}/products \\
  -H "Authorization: Bearer $PRINTLOOP_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "name": "Articulated dragon",
    "description": "Print-in-place dragon with 24 moving joints",
    "model_url": "https://files.example.com/models/dragon.3mf",
    "materials": ["PLA", "PETG"],
    "dimensions": { "width": 180, "height": 45, "depth": 60 }
  }'`,
};

export const getProductSamples: CodeSamples = {
  javascript: `const product = await printloop.products.retrieve('prd_2n7v5c1w8e');
console.log(product.materials); // ["PLA", "PETG"]`,
  python: `product = client.products.retrieve("prd_2n7v5c1w8e")
print(product.materials)  # ['PLA', 'PETG']`,
  curl: `curl ${apiBaseUrl}/products/prd_2n7v5c1w8e \\
  -H "Authorization: Bearer $PRINTLOOP_API_KEY"`,
};

export const shippingRatesSamples: CodeSamples = {
  javascript: `const { rates } = await printloop.shipping.rates({
  country: 'DE',
  weight_grams: 420,
});

for (const rate of rates) {
  console.log(rate.carrier, rate.service, rate.amount, rate.currency, rate.estimated_days);
}`,
  python: `result = client.shipping.rates(country="DE", weight_grams=420)

for rate in result.rates:
    print(rate.carrier, rate.service, rate.amount, rate.currency, rate.estimated_days)`,
  curl: `curl "${apiBaseUrl}/shipping/rates?country=DE&weight_grams=420" \\
  -H "Authorization: Bearer $PRINTLOOP_API_KEY"`,
};

export const materials = ['PLA', 'ABS', 'PETG', 'TPU'] as const;

export const orderParams: readonly ParamRow[] = [
  {
    name: 'model_url',
    type: 'string',
    required: true,
    description:
      'HTTPS URL of the model file (STL, OBJ, 3MF or STEP, at most 50 MB). We download and analyse it; the price comes from that analysis.',
  },
  { name: 'quantity', type: 'integer', required: true, description: 'Number of copies, 1 to 1000.' },
  { name: 'material', type: 'string', required: true, description: 'One of PLA, ABS, PETG or TPU.' },
  {
    name: 'color',
    type: 'string',
    required: true,
    description: 'Filament colour name, for example "black" or "white".',
  },
  {
    name: 'shipping_address',
    type: 'object',
    required: true,
    description: 'Where the order is delivered: the four fields below.',
  },
  { name: 'shipping_address.name', type: 'string', required: true, description: 'Recipient name.' },
  {
    name: 'shipping_address.street',
    type: 'string',
    required: true,
    description: 'Street address, including house number.',
  },
  { name: 'shipping_address.city', type: 'string', required: true, description: 'Town or city.' },
  {
    name: 'shipping_address.country',
    type: 'string',
    required: true,
    description: 'ISO 3166-1 alpha-2 country code, for example GB, DE or US.',
  },
];

export const orderFields: readonly ParamRow[] = [
  { name: 'id', type: 'string', required: true, description: 'Order identifier, prefixed ord_.' },
  {
    name: 'status',
    type: 'string',
    required: true,
    description:
      'processing on creation, then printing, packaging and shipped as the order moves through production.',
  },
  {
    name: 'created_at',
    type: 'string',
    required: true,
    description: 'When the order was created (ISO 8601, UTC).',
  },
  {
    name: 'estimated_delivery',
    type: 'string',
    required: true,
    description: 'Expected delivery date (YYYY-MM-DD).',
  },
  {
    name: 'tracking_number',
    type: 'string | null',
    required: true,
    description: 'Carrier tracking number; null until the parcel has shipped.',
  },
];

export const listOrderParams: readonly ParamRow[] = [
  {
    name: 'status',
    type: 'string',
    required: false,
    description: 'Only orders in this status: processing, printing, packaging or shipped.',
  },
  { name: 'limit', type: 'integer', required: false, description: 'Page size, 1 to 100. Default 20.' },
  {
    name: 'starting_after',
    type: 'string',
    required: false,
    description: 'Cursor: the id of the last order on the previous page. Orders are listed newest first.',
  },
];

export const productParams: readonly ParamRow[] = [
  {
    name: 'name',
    type: 'string',
    required: true,
    description: 'Product name shown in your dashboard, up to 200 characters.',
  },
  { name: 'description', type: 'string', required: false, description: 'Free text for your own reference.' },
  {
    name: 'model_url',
    type: 'string',
    required: true,
    description: 'HTTPS URL of the model file (STL, OBJ, 3MF or STEP, at most 50 MB).',
  },
  {
    name: 'materials',
    type: 'string[]',
    required: true,
    description: 'Materials this product may be ordered in: one or more of PLA, ABS, PETG, TPU.',
  },
  {
    name: 'dimensions',
    type: 'object',
    required: false,
    description:
      'Intended size in millimetres: width, height and depth. If given, the model is checked against them; if omitted, the model is printed at its own size.',
  },
];

export const idParam = (prefix: string, what: string): ParamRow => ({
  name: 'id',
  type: 'string',
  required: true,
  description: `Path parameter: the ${what} id (${prefix}...).`,
});

export const apiErrors = [
  {
    status: 400,
    code: 'VALIDATION_ERROR',
    meaning: 'The body or query is malformed or a field breaks a rule; message names the field.',
  },
  {
    status: 401,
    code: 'UNAUTHORIZED',
    meaning: 'The Authorization header is missing, or the key is unknown or revoked.',
  },
  {
    status: 404,
    code: 'NOT_FOUND',
    meaning: 'No order or product with that id exists for this key’s account and mode.',
  },
  {
    status: 409,
    code: 'IDEMPOTENCY_CONFLICT',
    meaning: 'An Idempotency-Key was reused with a different request body.',
  },
  {
    status: 429,
    code: 'RATE_LIMITED',
    meaning:
      'Too many requests for this key. Wait the number of seconds in the Retry-After header, then retry.',
  },
] as const;
