import { Link } from 'react-router';
import { PageHero } from '../components/ui/layout';
import { carriers, standardShipping } from '../config/facts';
import { integrationGuidePath, integrationGuides, paths } from '../config/paths';
import {
  apiBaseUrl,
  createOrderSamples,
  createProductSamples,
  jsSdkPackage,
  orderParams,
  orderRequestJson,
  orderResponseJson,
  productParams,
  productRequestJson,
  pythonSdkPackage,
  shippingRatesSamples,
} from '../features/docs/api';
import { C, CodeBlock, CodeTabs, ParamTable } from '../features/docs/code';
import { Callout, DocSection, DocsLayout, H3 } from '../features/docs/DocsLayout';
import { guideTitles } from '../features/docs/integration-guides';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Documentation: API, SDKs and integrations',
    description:
      'Start printing through the PrintLoop API: authentication, test and live API keys, orders, products and shipping rates, JavaScript and Python SDKs, and Shopify.',
    path: paths.docs,
  });

const nav = [
  { id: 'quick-start', label: 'Quick start' },
  { id: 'authentication', label: 'Authentication' },
  { id: 'api-keys', label: 'API keys' },
  { id: 'orders-api', label: 'Orders API' },
  { id: 'products-api', label: 'Products API' },
  { id: 'shipping-api', label: 'Shipping API' },
  { id: 'js-sdk', label: 'JavaScript SDK' },
  { id: 'python-sdk', label: 'Python SDK' },
  { id: 'shopify', label: 'Shopify' },
] as const;

const shippingResponseJson = `{
  "rates": [
    {
      "carrier": "DHL",
      "service": "Parcel International",
      "amount": "11.40",
      "currency": "GBP",
      "estimated_days": { "min": 3, "max": 5 }
    },
    {
      "carrier": "UPS",
      "service": "Standard",
      "amount": "12.95",
      "currency": "GBP",
      "estimated_days": { "min": 3, "max": 5 }
    }
  ]
}`;

const sdkErrorJs = `import { PrintLoop, PrintLoopError } from '${jsSdkPackage}';

const printloop = new PrintLoop({
  apiKey: process.env.PRINTLOOP_API_KEY,
  // Self-hosted install? Point the SDK at your own origin:
  // baseUrl: 'https://print.example.org/v1',
});

try {
  await printloop.orders.retrieve('ord_does_not_exist');
} catch (err) {
  if (err instanceof PrintLoopError) {
    console.error(err.status, err.code, err.message); // 404 "NOT_FOUND" "..."
  } else {
    throw err;
  }
}`;

const sdkErrorPython = `import os
from printloop import PrintLoop, PrintLoopError

client = PrintLoop(
    api_key=os.environ["PRINTLOOP_API_KEY"],
    # Self-hosted install? Point the SDK at your own origin:
    # base_url="https://print.example.org/v1",
)

try:
    client.orders.retrieve("ord_does_not_exist")
except PrintLoopError as err:
    print(err.status, err.code, err.message)  # 404 NOT_FOUND ...`;

export default function Docs() {
  return (
    <>
      <PageHero
        eyebrow="Documentation"
        title="Build on PrintLoop"
        lead={
          <p>
            Send orders, register products and price shipping from your own code. Everything here works the
            same against the hosted API and a self-hosted PrintLoop install. For every field and error, see
            the{' '}
            <Link to={paths.apiReference} className="font-semibold text-brand-700 underline">
              API reference
            </Link>
            .
          </p>
        }
      />
      <DocsLayout nav={nav} navLabel="Documentation sections">
        <DocSection id="quick-start" title="Quick start">
          <p>
            You can place your first (test) order in about five minutes. Nothing is printed or charged until
            you switch to a live key.
          </p>
          <ol className="list-decimal space-y-2 pl-6">
            <li>
              <Link to={paths.signup} className="font-semibold text-brand-700 underline">
                Create an account
              </Link>{' '}
              and sign in.
            </li>
            <li>
              Create a <strong>test key</strong> (it starts with <C>pl_test_</C>) and copy it: it is shown
              only once.
            </li>
            <li>
              Store it in your server&rsquo;s environment as <C>PRINTLOOP_API_KEY</C>.
            </li>
            <li>
              Create an order. The model is downloaded from your URL, analysed and priced, exactly as a live
              order would be.
            </li>
          </ol>
          <CodeTabs label="Create a test order" samples={createOrderSamples} />
          <p>
            The API answers <C>201 Created</C> with the new order. Its status starts at <C>processing</C>; the
            tracking number stays <C>null</C> until the parcel ships.
          </p>
          <CodeBlock label="Response · 201 Created" code={orderResponseJson} />
          <p>
            When the order looks right, create a live key (<C>pl_live_</C>) and swap it in. The same request
            then manufactures and ships the order.
          </p>
        </DocSection>

        <DocSection id="authentication" title="Authentication">
          <p>
            Every request authenticates with an API key in a bearer <C>Authorization</C> header. Always call
            the API over HTTPS so the key is never sent in clear text.
          </p>
          <CodeBlock code={'Authorization: Bearer pl_test_...'} label="Header" />
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Hosted API base URL</dt>
              <dd className="mt-1">
                <C>{apiBaseUrl}</C>
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Self-hosted install</dt>
              <dd className="mt-1">
                <C>{'{your origin}/v1'}</C>, for example <C>https://print.example.org/v1</C>
              </dd>
            </div>
          </dl>
          <p>
            A request without a key, or with an unknown or revoked key, gets <C>401</C> with error code{' '}
            <C>UNAUTHORIZED</C>. Every error uses the same JSON shape:{' '}
            <C>{'{ "error": { "code", "message" } }'}</C>.
          </p>
        </DocSection>

        <DocSection id="api-keys" title="API keys: test and live">
          <p>
            Each account has two kinds of key. They take the same requests and return the same shapes; only
            the consequences differ.
          </p>
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm [&_td]:align-top [&_th]:align-top">
              <caption className="sr-only">Test keys compared with live keys</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <td className="px-4 py-2" />
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Test key
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Live key
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                <tr>
                  <th scope="row" className="px-4 py-2 font-semibold text-slate-900">
                    Prefix
                  </th>
                  <td className="px-4 py-2">
                    <C>pl_test_</C>
                  </td>
                  <td className="px-4 py-2">
                    <C>pl_live_</C>
                  </td>
                </tr>
                <tr>
                  <th scope="row" className="px-4 py-2 font-semibold text-slate-900">
                    Orders
                  </th>
                  <td className="px-4 py-2">
                    Validated, analysed and priced; never manufactured, shipped or charged.
                  </td>
                  <td className="px-4 py-2">Manufactured, shipped and charged to your account.</td>
                </tr>
                <tr>
                  <th scope="row" className="px-4 py-2 font-semibold text-slate-900">
                    Data
                  </th>
                  <td className="px-4 py-2">Test orders and products are only visible to test keys.</td>
                  <td className="px-4 py-2">Live orders and products are only visible to live keys.</td>
                </tr>
                <tr>
                  <th scope="row" className="px-4 py-2 font-semibold text-slate-900">
                    Use it for
                  </th>
                  <td className="px-4 py-2">Development, CI and trying out an integration.</td>
                  <td className="px-4 py-2">Your production server only.</td>
                </tr>
              </tbody>
            </table>
          </div>
          <Callout tone="warning" title="Keep keys secret">
            <p>
              A key acts as your account. Use it only from server-side code and keep it in an environment
              variable or a secrets manager. Never put a key in browser JavaScript, a mobile app, a public
              repository or a support message. If a key leaks, revoke it at once and create a new one.
            </p>
          </Callout>
          <H3>How keys are stored</H3>
          <p>
            The full key is shown once, when you create it; copy it then. We store only a hash of the key, so
            nobody (including us) can show it to you again. Lost keys cannot be recovered: revoke the old key
            and create a new one. To rotate without downtime, create the new key, deploy it, then revoke the
            old one.
          </p>
        </DocSection>

        <DocSection id="orders-api" title="Orders API">
          <p>
            An order asks us to print a model and ship it. Create it with <C>POST /v1/orders</C>, then follow
            it with <C>GET /v1/orders/{'{id}'}</C> or list your orders with <C>GET /v1/orders</C>. The price
            is computed on our side from the analysed model, material and quantity; you never send a price.
          </p>
          <H3>Request body</H3>
          <ParamTable rows={orderParams} caption="Fields of the order request body" />
          <CodeBlock label="POST /v1/orders" code={orderRequestJson} />
          <H3>Response</H3>
          <p>
            <C>id</C>, <C>status</C> (<C>processing</C> for a new order), <C>created_at</C>,{' '}
            <C>estimated_delivery</C> and <C>tracking_number</C> (<C>null</C> until shipped).
          </p>
          <CodeBlock label="201 Created" code={orderResponseJson} />
          <p>
            Sending the same order twice by accident (a retry after a timeout, say) is avoided with an{' '}
            <C>Idempotency-Key</C> header: a repeated key with the same body returns the first order instead
            of creating a second.{' '}
            <Link
              to={`${paths.apiReference}#create-order`}
              className="font-semibold text-brand-700 underline"
            >
              Full reference for orders
            </Link>
            .
          </p>
        </DocSection>

        <DocSection id="products-api" title="Products API">
          <p>
            A product is a model you sell again and again. Registering it once with <C>POST /v1/products</C>{' '}
            lets us analyse the file in advance and check it against the materials you offer, so an order
            never waits for a model that cannot be printed.
          </p>
          <ParamTable rows={productParams} caption="Fields of the product request body" />
          <CodeTabs label="Create a product" samples={createProductSamples} />
          <CodeBlock label="POST /v1/products" code={productRequestJson} />
          <p>
            Dimensions are in millimetres. Fetch a product again with <C>GET /v1/products/{'{id}'}</C>.{' '}
            <Link
              to={`${paths.apiReference}#create-product`}
              className="font-semibold text-brand-700 underline"
            >
              Full reference for products
            </Link>
            .
          </p>
        </DocSection>

        <DocSection id="shipping-api" title="Shipping API">
          <p>
            Get shipping rates by carrier before you order, for example to show delivery options at your
            checkout. We ship with {carriers.slice(0, -1).join(', ')} and {carriers.at(-1)}. Standard shipping
            takes {standardShipping}.
          </p>
          <p>
            <C>GET /v1/shipping/rates</C> takes the destination <C>country</C> (ISO 3166-1 alpha-2) and the
            parcel <C>weight_grams</C>, and returns one rate per carrier and service that delivers there,
            amounts in GBP.
          </p>
          <CodeTabs label="Get shipping rates" samples={shippingRatesSamples} />
          <CodeBlock label="200 OK (example values)" code={shippingResponseJson} />
        </DocSection>

        <DocSection id="js-sdk" title="JavaScript SDK">
          <p>
            The JavaScript SDK wraps the REST API for Node.js 22 or newer and other server runtimes with{' '}
            <C>fetch</C>. It is written in TypeScript and ships its own types.
          </p>
          <CodeBlock label="Install" code={`npm install ${jsSdkPackage}`} />
          <p>
            Methods mirror the endpoints: <C>orders.create</C>, <C>orders.retrieve</C>, <C>orders.list</C>,{' '}
            <C>products.create</C>, <C>products.retrieve</C> and <C>shipping.rates</C>. Every API error is
            thrown as a <C>PrintLoopError</C> with the HTTP <C>status</C> and the error <C>code</C>.
          </p>
          <CodeBlock label="orders.js" code={sdkErrorJs} />
        </DocSection>

        <DocSection id="python-sdk" title="Python SDK">
          <p>The Python SDK supports Python 3.10 or newer and has the same methods as the JavaScript SDK.</p>
          <CodeBlock label="Install" code={`pip install ${pythonSdkPackage}`} />
          <CodeBlock label="orders.py" code={sdkErrorPython} />
        </DocSection>

        <DocSection id="shopify" title="Shopify">
          <p>
            Sell printed products on Shopify without writing code. Connect your store, link each Shopify
            product to a model, and paid orders are sent to production automatically; tracking numbers flow
            back to Shopify when the parcel ships.
          </p>
          <p>
            <Link to={integrationGuidePath('shopify')} className="font-semibold text-brand-700 underline">
              Read the Shopify setup guide
            </Link>
          </p>
          <H3>Other platform guides</H3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {integrationGuides.map((p) => (
              <li key={p}>
                <Link to={integrationGuidePath(p)} className="text-brand-700 underline">
                  {guideTitles[p]}
                </Link>
              </li>
            ))}
          </ul>
          <p>
            See every platform we connect to on the{' '}
            <Link to={paths.integrations} className="font-semibold text-brand-700 underline">
              integrations page
            </Link>
            , or{' '}
            <Link to={paths.support} className="font-semibold text-brand-700 underline">
              ask support
            </Link>{' '}
            if you are stuck.
          </p>
        </DocSection>
      </DocsLayout>
    </>
  );
}
