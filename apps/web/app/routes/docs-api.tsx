import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHero } from '../components/ui/layout';
import { paths } from '../config/paths';
import {
  apiBaseUrl,
  apiErrors,
  createOrderSamples,
  createProductSamples,
  errorJson,
  getOrderSamples,
  getProductSamples,
  idParam,
  listOrderParams,
  listOrdersSamples,
  orderFields,
  orderListResponseJson,
  orderParams,
  orderRequestJson,
  orderResponseJson,
  productParams,
  productRequestJson,
  productResponseJson,
} from '../features/docs/api';
import {
  C,
  CodeBlock,
  type CodeSamples,
  CodeTabs,
  type ParamRow,
  ParamTable,
  WideTable,
} from '../features/docs/code';
import { DocSection, DocsLayout, H3 } from '../features/docs/DocsLayout';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'API reference: orders and products',
    description:
      'Reference for the PrintLoop REST API v1: create, fetch and list orders, create and fetch products, parameters, JSON examples, error codes and SDK samples.',
    path: paths.apiReference,
  });

const nav = [
  { id: 'overview', label: 'Overview' },
  { id: 'create-order', label: 'Create an order' },
  { id: 'get-order', label: 'Retrieve an order' },
  { id: 'list-orders', label: 'List orders' },
  { id: 'create-product', label: 'Create a product' },
  { id: 'get-product', label: 'Retrieve a product' },
  { id: 'errors', label: 'Errors' },
] as const;

const methodStyles = {
  GET: 'bg-emerald-100 text-emerald-900',
  POST: 'bg-brand-100 text-brand-900',
} as const;

function Endpoint({ method, path }: { method: keyof typeof methodStyles; path: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 font-mono text-sm">
      <span className={`rounded px-2 py-0.5 text-xs font-bold ${methodStyles[method]}`}>{method}</span>
      <span className="text-slate-900 [overflow-wrap:anywhere]">{path}</span>
    </p>
  );
}

function EndpointSection({
  id,
  title,
  method,
  path,
  intro,
  params,
  paramsTitle,
  request,
  response,
  responseLabel,
  samples,
  extra,
}: {
  id: string;
  title: string;
  method: keyof typeof methodStyles;
  path: string;
  intro: ReactNode;
  params: readonly ParamRow[];
  paramsTitle: string;
  request?: string;
  response: string;
  responseLabel: string;
  samples: CodeSamples;
  extra?: ReactNode;
}) {
  return (
    <DocSection id={id} title={title}>
      <Endpoint method={method} path={path} />
      <div>{intro}</div>
      <H3>{paramsTitle}</H3>
      <ParamTable rows={params} caption={`${paramsTitle} for ${method} ${path}`} />
      {extra}
      {request ? <CodeBlock label="Request body" code={request} /> : null}
      <H3>Response</H3>
      <CodeBlock label={responseLabel} code={response} />
      <H3>Samples</H3>
      <CodeTabs label={`${title}: code samples`} samples={samples} />
    </DocSection>
  );
}

export default function ApiReference() {
  return (
    <>
      <PageHero
        eyebrow="API reference"
        title="PrintLoop REST API v1"
        lead={
          <p>
            Every endpoint, parameter and error of the public API. New here? Start with the{' '}
            <Link to={paths.docs} className="font-semibold text-brand-700 underline">
              documentation
            </Link>{' '}
            for a quick start and an explanation of test and live keys.
          </p>
        }
      />
      <DocsLayout nav={nav} navLabel="API reference sections">
        <DocSection id="overview" title="Overview">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Base URL</dt>
              <dd className="mt-1">
                <C>{apiBaseUrl}</C>
                <span className="mt-1 block text-sm">
                  Self-hosted: <C>{'{your origin}/v1'}</C>
                </span>
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Authentication</dt>
              <dd className="mt-1">
                <C>Authorization: Bearer pl_test_...</C> or <C>pl_live_...</C>
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Format</dt>
              <dd className="mt-1">
                JSON request and response bodies (<C>Content-Type: application/json</C>), UTF-8. Times are ISO
                8601 in UTC; lengths are in millimetres; money is GBP.
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Retries</dt>
              <dd className="mt-1">
                Send an <C>Idempotency-Key</C> header (any unique string up to 255 characters) on POST
                requests, and retry safely with the same key.
              </dd>
            </div>
          </dl>
        </DocSection>

        <EndpointSection
          id="create-order"
          title="Create an order"
          method="POST"
          path="/v1/orders"
          intro={
            <p>
              Creates an order to print a model and ship it. With a test key the order is priced but never
              made; with a live key it goes into production. Returns <C>201 Created</C>.
            </p>
          }
          params={orderParams}
          paramsTitle="Body parameters"
          request={orderRequestJson}
          response={orderResponseJson}
          responseLabel="201 Created"
          samples={createOrderSamples}
        />

        <EndpointSection
          id="get-order"
          title="Retrieve an order"
          method="GET"
          path="/v1/orders/{id}"
          intro={
            <p>
              Returns one order. Poll it to follow progress: <C>status</C> moves from <C>processing</C>{' '}
              through <C>printing</C> and <C>packaging</C> to <C>shipped</C>, when <C>tracking_number</C> is
              set.
            </p>
          }
          params={[idParam('ord_', 'order')]}
          paramsTitle="Path parameters"
          response={orderResponseJson}
          responseLabel="200 OK"
          samples={getOrderSamples}
          extra={
            <>
              <H3>Order object</H3>
              <ParamTable rows={orderFields} caption="Fields of the order object" />
            </>
          }
        />

        <EndpointSection
          id="list-orders"
          title="List orders"
          method="GET"
          path="/v1/orders"
          intro={
            <p>
              Lists your orders, newest first, a page at a time. Test keys list test orders and live keys list
              live orders.
            </p>
          }
          params={listOrderParams}
          paramsTitle="Query parameters"
          response={orderListResponseJson}
          responseLabel="200 OK"
          samples={listOrdersSamples}
        />

        <EndpointSection
          id="create-product"
          title="Create a product"
          method="POST"
          path="/v1/products"
          intro={
            <p>
              Registers a model you sell repeatedly, with the materials it may be ordered in. The file is
              downloaded and analysed straight away. Returns <C>201 Created</C>.
            </p>
          }
          params={productParams}
          paramsTitle="Body parameters"
          request={productRequestJson}
          response={productResponseJson}
          responseLabel="201 Created"
          samples={createProductSamples}
        />

        <EndpointSection
          id="get-product"
          title="Retrieve a product"
          method="GET"
          path="/v1/products/{id}"
          intro={<p>Returns one product you created.</p>}
          params={[idParam('prd_', 'product')]}
          paramsTitle="Path parameters"
          response={productResponseJson}
          responseLabel="200 OK"
          samples={getProductSamples}
        />

        <DocSection id="errors" title="Errors">
          <p>
            Errors use conventional HTTP status codes and always have the same JSON body, with a stable
            machine-readable <C>code</C> and a human-readable <C>message</C>.
          </p>
          <CodeBlock label="400 Bad Request" code={errorJson} />
          <ul
            aria-label="HTTP status codes and error codes"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 sm:hidden"
          >
            {apiErrors.map((e) => (
              <li key={e.status} className="p-4 text-sm">
                <p className="font-mono font-semibold text-slate-900">
                  {e.status} <span className="[overflow-wrap:anywhere]">{e.code}</span>
                </p>
                <p className="mt-1 text-slate-700">{e.meaning}</p>
              </li>
            ))}
          </ul>
          <WideTable
            caption="HTTP status codes and error codes"
            columns={['Status', 'Code', 'Meaning']}
            bodyClassName="divide-y divide-slate-200"
          >
            {apiErrors.map((e) => (
              <tr key={e.status}>
                <td className="px-4 py-2 align-top font-mono text-slate-900">{e.status}</td>
                <td className="whitespace-nowrap px-4 py-2 align-top font-mono text-slate-900">{e.code}</td>
                <td className="min-w-64 px-4 py-2 align-top text-slate-700">{e.meaning}</td>
              </tr>
            ))}
          </WideTable>
          <p>
            Retry <C>429</C> and <C>5xx</C> responses with backoff; do not retry other <C>4xx</C> responses
            without changing the request. Questions about an error? Contact{' '}
            <Link to={paths.support} className="font-semibold text-brand-700 underline">
              support
            </Link>{' '}
            with the response&rsquo;s <C>X-Request-Id</C> header.
          </p>
        </DocSection>
      </DocsLayout>
    </>
  );
}
