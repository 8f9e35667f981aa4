import { PARAMETER_BOUNDS } from '@printloop/quote';
import { Link } from 'react-router';
// The SDK samples are the SDKs' example files, which the end-to-end suite runs against the server
// (e2e/sdk-js.test.ts, e2e/sdk-python.test.ts): what the page shows is what was run.
import jsErrors from '../../../../packages/sdk/examples/errors.mjs?raw';
import jsQuickStart from '../../../../packages/sdk/examples/quickstart.mjs?raw';
import jsReceiver from '../../../../packages/sdk/examples/webhook-receiver.mjs?raw';
import pythonErrors from '../../../../sdks/python/examples/errors.py?raw';
import pythonReceiver from '../../../../sdks/python/examples/webhook_receiver.py?raw';
import { PageHero } from '../components/ui/layout';
import { carriers, standardShipping } from '../config/facts';
import { integrationGuidePath, integrationGuides, paths } from '../config/paths';
import { apiBaseUrl, jsSdkPackage, pythonSdkPackage } from '../features/docs/api';
import { C, CodeBlock, CodeTabs } from '../features/docs/code';
import { Callout, DocSection, DocsLayout, H3 } from '../features/docs/DocsLayout';
import { orderExample, productExample, shippingRateExamples } from '../features/docs/examples';
import { guideTitles } from '../features/docs/integration-guides';
import {
  operationSamples,
  quickStartOrderSample,
  requestSampleCode,
  uploadSampleCode,
} from '../features/docs/samples';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/docs';

export const meta = () =>
  pageMeta({
    title: 'Documentation: API, SDKs and integrations',
    description:
      'Start printing through the PrintLoop API: authentication, test and live API keys, orders, products and shipping rates, JavaScript and Python SDKs, and Shopify.',
    path: paths.docs,
  });

/**
 * Runs at build time (the page is prerendered): the samples are written here, so their code stays out
 * of the browser's bundle and arrives with the HTML.
 */
export function loader() {
  const samples = operationSamples(apiBaseUrl);
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  return {
    upload: uploadSampleCode(apiBaseUrl),
    quickStartOrder: requestSampleCode(apiBaseUrl, quickStartOrderSample),
    createProduct: samples.createProduct!,
    listOrders: samples.listOrders!,
    shippingRates: samples.getShippingRates!,
    orderJson: json({ ...orderExample, events: undefined }),
    productJson: json(productExample),
    ratesJson: json({ object: 'list', data: shippingRateExamples.slice(0, 2), has_more: false }),
  };
}

const nav = [
  { id: 'quick-start', label: 'Quick start' },
  { id: 'authentication', label: 'Authentication' },
  { id: 'api-keys', label: 'API keys' },
  { id: 'orders-api', label: 'Orders API' },
  { id: 'products-api', label: 'Products API' },
  { id: 'shipping-api', label: 'Shipping API' },
  { id: 'webhooks', label: 'Webhooks and test mode' },
  { id: 'js-sdk', label: 'JavaScript SDK' },
  { id: 'python-sdk', label: 'Python SDK' },
  { id: 'shopify', label: 'Shopify' },
] as const;

const link = 'font-semibold text-brand-700 underline';

const errorJson = `{
  "error": {
    "code": "VALIDATION_ERROR",
    "message": "shipping_address.postal_code: Please enter a valid UK postcode, e.g. SW1A 1AA",
    "param": "shipping_address.postal_code",
    "request_id": "5b0e5a4c-9c84-4a4f-9a5e-3f2f4f1c2d7e"
  }
}`;

export default function Docs({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Documentation"
        title="Build on PrintLoop"
        lead={
          <p>
            Upload models, get quotes, register products, price shipping and send orders from your own code.
            Everything here works the same against the hosted API and a self-hosted PrintLoop install. For
            every field and error, see the{' '}
            <Link to={paths.apiReference} className={link}>
              API reference
            </Link>
            , or{' '}
            <Link to={paths.apiTry} className={link}>
              try the API in your browser
            </Link>
            .
          </p>
        }
      />
      <DocsLayout nav={nav} navLabel="Documentation sections">
        <DocSection id="quick-start" title="Quick start">
          <p>
            You can place your first (test) order in about five minutes. Nothing is printed or charged until
            you use a live key.
          </p>
          <ol className="list-decimal space-y-2 pl-6">
            <li>
              <Link to={paths.signup} className={link}>
                Create an account
              </Link>{' '}
              and sign in.
            </li>
            <li>
              In{' '}
              <Link to={paths.developers} className={link}>
                Developers
              </Link>
              , create a <strong>test key</strong> (it starts with <C>pl_test_</C>) and copy it: it is shown
              only once.
            </li>
            <li>
              Store it in your server&rsquo;s environment as <C>PRINTLOOP_API_KEY</C>.
            </li>
            <li>
              Upload your model. The server analyses it and answers with a file: its volume, size and checks.
            </li>
          </ol>
          <CodeTabs label="Upload a model" samples={d.upload} />
          <ol start={5} className="list-decimal space-y-2 pl-6">
            <li>
              Order it with the file&rsquo;s <C>id</C>, a material and a colour. The server prices the order
              itself, exactly as a live order would be priced.
            </li>
          </ol>
          <CodeTabs label="Create a test order" samples={d.quickStartOrder} />
          <p>
            The API answers <C>201 Created</C> with the order. A test order starts <C>queued</C> and is never
            made; amounts are in pence, and <C>tracking_number</C> stays <C>null</C> until the parcel ships.
          </p>
          <CodeBlock label="Response · 201 Created" code={d.orderJson} />
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
            <C>UNAUTHENTICATED</C>. Every error has the same JSON shape,{' '}
            <C>{'{"error": {"code", "message", "param", "request_id"}}'}</C>, where <C>param</C> names the
            field at fault when there is one:
          </p>
          <CodeBlock label="400 Bad Request" code={errorJson} />
          <p>
            Every answer carries a <C>Request-Id</C> header (the same id as <C>request_id</C>; quote it to
            support) and the rate-limit headers <C>RateLimit-Limit</C>, <C>RateLimit-Remaining</C> and{' '}
            <C>RateLimit-Reset</C>. Limits are per key; past the limit the answer is <C>429 RATE_LIMITED</C>{' '}
            with <C>Retry-After</C>. Every POST takes an <C>Idempotency-Key</C> header: retry with the same
            key and you get the first answer again, never a second order.{' '}
            <Link to={`${paths.apiReference}#errors`} className={link}>
              All error codes
            </Link>
            .
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
          <p>
            Create, copy and revoke keys in{' '}
            <Link to={paths.developers} className={link}>
              Developers
            </Link>
            , where each key shows its mode, the start and end of the key, and when it was last used. A
            revoked key stops working at once.
          </p>
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
            An order asks us to print models and ship them. Create it with <C>POST /v1/orders</C>, follow it
            with <C>GET /v1/orders/{'{id}'}</C>, list your orders with <C>GET /v1/orders</C> (filter by{' '}
            <C>status</C> or your own <C>external_id</C>) and cancel it with{' '}
            <C>POST /v1/orders/{'{id}'}/cancel</C> while it is <C>awaiting_payment</C> or <C>queued</C>. The
            price is computed on our side from our analysis of each model and the price table in force; you
            never send a price.
          </p>
          <H3>What an order says</H3>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <C>items</C>: each names a <C>quote_id</C>, a <C>product_id</C>, a <C>file_id</C> or a{' '}
              <C>model_url</C>, with its <C>quantity</C> (a whole number from {PARAMETER_BOUNDS.quantity.min}{' '}
              to {PARAMETER_BOUNDS.quantity.max}; anything else is refused, never rounded) and print
              parameters (<C>material</C>, <C>color</C>, <C>layer_height</C>, <C>infill</C>,{' '}
              <C>print_speed</C>, <C>supports</C>, <C>post_processing</C>
              ).
            </li>
            <li>
              <C>shipping_address</C>: <C>name</C>, <C>street</C>, <C>city</C>, <C>postal_code</C> and{' '}
              <C>country</C> (ISO 3166-1 alpha-2), optionally <C>state</C>, <C>phone</C> and <C>email</C>.
            </li>
            <li>
              <C>shipping_service</C> (<C>standard</C>, <C>express</C> or a rate id such as <C>dpd:express</C>
              ), your <C>external_id</C> and up to 20 <C>metadata</C> strings.
            </li>
          </ul>
          <p>
            A live order starts <C>awaiting_payment</C> (or <C>queued</C> on invoice terms), then moves
            through <C>queued</C>, <C>printing</C>, <C>packaging</C>, <C>shipped</C> (with{' '}
            <C>tracking_number</C> and <C>tracking_url</C>) and <C>delivered</C>. Sending the same order twice
            by accident is avoided with an <C>Idempotency-Key</C>.
          </p>
          <CodeTabs label="List shipped orders" samples={d.listOrders} />
          <p>
            <Link to={`${paths.apiReference}#orders`} className={link}>
              Full reference for orders
            </Link>
            .
          </p>
        </DocSection>

        <DocSection id="products-api" title="Products API">
          <p>
            A product is a model you sell again and again. Register it once with <C>POST /v1/products</C> from
            an uploaded <C>file_id</C> (or a <C>model_url</C>), with the <C>materials</C> it may be ordered
            in, default print parameters and your <C>sku</C>. Its dimensions are measured from the file; if
            you state <C>dimensions</C>, a difference of more than 1 mm is refused, which catches a model
            exported in the wrong units. Then order it by <C>product_id</C>.
          </p>
          <CodeTabs label="Create a product" samples={d.createProduct} />
          <CodeBlock label="201 Created" code={d.productJson} />
          <p>
            List, fetch, update (<C>PATCH</C>) and archive (<C>DELETE</C>) products too.{' '}
            <Link to={`${paths.apiReference}#products`} className={link}>
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
            goods&rsquo; <C>weight_grams</C> (packaging is added), and answers with a list of rates, cheapest
            first: amounts in pence, <C>estimated_days</C> in business days. Give a rate&rsquo;s <C>id</C> as
            the order&rsquo;s <C>shipping_service</C>. <C>POST /v1/shipping/rates</C> weighs your items for
            you.
          </p>
          <CodeTabs label="Get shipping rates" samples={d.shippingRates} />
          <CodeBlock label="200 OK (example values)" code={d.ratesJson} />
        </DocSection>

        <DocSection id="webhooks" title="Webhooks and test mode">
          <p>
            Instead of polling, register an HTTPS endpoint with <C>POST /v1/webhook_endpoints</C> (or at the
            developers dashboard) and PrintLoop POSTs every change of your orders to it: <C>order.created</C>,{' '}
            <C>order.updated</C> (every status change, with <C>data.previous_attributes.status</C>),{' '}
            <C>order.shipped</C> (with the tracking number), <C>order.delivered</C>, <C>order.cancelled</C>,
            and <C>ping</C> for a test event. One order&rsquo;s events arrive in order.
          </p>
          <p>
            Each delivery is signed with the endpoint&rsquo;s <C>whsec_</C> secret, shown once when you create
            it, following Standard Webhooks v1 (<C>webhook-id</C>, <C>webhook-timestamp</C>,{' '}
            <C>webhook-signature</C>): any Standard Webhooks library verifies it, and so do both SDKs. Check
            the signature on the raw body before trusting a delivery, and answer <C>2xx</C> within 15 seconds.
            Anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; a <C>410 Gone</C>{' '}
            turns the endpoint off. Delivery is at least once, so skip event ids you have already handled.
            These receivers are the SDKs&rsquo; examples, run against the API in our tests:
          </p>
          <CodeBlock label="webhook-receiver.mjs (JavaScript)" code={jsReceiver} />
          <CodeBlock label="webhook_receiver.py (Python)" code={pythonReceiver} />
          <H3>Test mode</H3>
          <p>
            Orders placed with a test key are never printed or charged, but they live: a simulated clock moves
            each one <C>queued</C> → <C>printing</C> → <C>packaging</C> → <C>shipped</C> (a <C>TEST…</C>{' '}
            tracking number) → <C>delivered</C>, a step every 20 seconds, firing the same webhooks as a live
            order. <C>POST /v1/test_helpers/orders/&#123;id&#125;/advance</C> takes the next step at once, so
            a whole journey takes seconds.
          </p>
        </DocSection>

        <DocSection id="js-sdk" title="JavaScript SDK">
          <p>
            The JavaScript SDK (<C>{jsSdkPackage}</C>) wraps the REST API for Node.js 20 or newer and other
            server runtimes with <C>fetch</C>, with no other dependency. It is written in TypeScript, its
            types come from the OpenAPI document, and it sends an <C>Idempotency-Key</C> on every POST and
            retries network errors, <C>429</C> and <C>5xx</C> answers for you.
          </p>
          <Callout title="Install from the repository">
            <p>
              The SDKs are not on npm or PyPI yet: install them from a checkout of PrintLoop, as below. The
              other samples on these pages use plain HTTP (<C>fetch</C>, Python&rsquo;s standard library and
              cURL).
            </p>
          </Callout>
          <CodeBlock
            label="Install"
            code={'npm install ./printloop/packages/sdk   # a checkout of the PrintLoop repository'}
          />
          <p>Upload a model, place an order and read its status:</p>
          <CodeBlock label="quickstart.mjs" code={jsQuickStart} />
          <p>
            Methods mirror the endpoints (<C>files.create</C>, <C>quotes.create</C>, <C>orders.create</C>,{' '}
            <C>orders.retrieve</C>, <C>orders.list</C>, <C>products.create</C>, <C>shipping.rates</C>, …).
            Every API error is thrown as a <C>PrintLoopError</C> with the HTTP <C>status</C>, the error{' '}
            <C>code</C>, the <C>param</C> and the <C>requestId</C>.
          </p>
          <CodeBlock label="errors.mjs" code={jsErrors} />
        </DocSection>

        <DocSection id="python-sdk" title="Python SDK">
          <p>
            The Python SDK (<C>{pythonSdkPackage}</C>) needs Python 3.9 or newer and nothing beyond the
            standard library. It has the same methods and errors as the JavaScript SDK.
          </p>
          <CodeBlock
            label="Install"
            code={'pip install ./printloop/sdks/python   # a checkout of the PrintLoop repository'}
          />
          <p>
            Errors are <C>PrintLoopError</C> exceptions with <C>status</C>, <C>code</C>, <C>param</C> and{' '}
            <C>request_id</C>:
          </p>
          <CodeBlock label="errors.py" code={pythonErrors} />
        </DocSection>

        <DocSection id="shopify" title="Shopify">
          <p>
            Sell printed products on Shopify without writing code. At Store connections, paste a custom app’s
            Admin API token and signing secret: orders whose lines carry your products’ SKUs become PrintLoop
            orders, and the fulfilment with its tracking number is created in Shopify when the parcel ships.
            WooCommerce connects the same way with a REST API key; every other marketplace imports its order
            CSV.
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
