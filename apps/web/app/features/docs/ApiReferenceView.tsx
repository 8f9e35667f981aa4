import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHero } from '../../components/ui/layout';
import { paths } from '../../config/paths';
import { C, CodeBlock, type CodeSamples, CodeTabs, ParamTable, type RequiredWords, WideTable } from './code';
import { DocSection, DocsLayout, H3 } from './DocsLayout';
import { type ApiReferenceModel, inlineCode, type OperationModel, type ResponseModel } from './openapi';

/** What the route's loader gives the page (built from the OpenAPI document at build time). */
export interface ApiReferenceData {
  model: ApiReferenceModel;
  /** The API's base URL in the samples: servers[0] + /v1. */
  apiBase: string;
  /** Code samples by operationId. */
  samples: Record<string, CodeSamples>;
  /** Example answers: by operationId (its success answer) and by object name. */
  operationExamples: Record<string, string>;
  objectExamples: Record<string, string>;
}

const link = 'font-semibold text-brand-700 underline hover:text-brand-800';
const OBJECT_WORDS: RequiredWords = { column: 'Present', yes: 'Always', no: 'Sometimes' };

const methodStyles: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-900',
  POST: 'bg-brand-100 text-brand-900',
  PATCH: 'bg-amber-100 text-amber-900',
  PUT: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
};

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'No Content',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '409': 'Conflict',
  '413': 'Content Too Large',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
};

/** A description from the document, its `code` spans as inline code. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {inlineCode(text).map((part, i) =>
        part.code ? <C key={i}>{part.text}</C> : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </>
  );
}

function H4({ children }: { children: ReactNode }) {
  return <h4 className="pt-1 text-base font-semibold text-slate-900">{children}</h4>;
}

function Endpoint({ method, path }: { method: string; path: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 font-mono text-sm">
      <span className={`rounded px-2 py-0.5 text-xs font-bold ${methodStyles[method] ?? 'bg-slate-200'}`}>
        {method}
      </span>
      <span className="text-slate-900 [overflow-wrap:anywhere]">{path}</span>
    </p>
  );
}

function StatusBadge({ status }: { status: string }) {
  const ok = Number(status) < 400;
  return (
    <span
      className={`inline-flex shrink-0 rounded px-2 py-0.5 font-mono text-xs font-bold ${
        ok ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-900'
      }`}
    >
      {status}
      <span className="sr-only"> {STATUS_TEXT[status] ?? ''}</span>
    </span>
  );
}

function ResponseLine({ response }: { response: ResponseModel }) {
  let what: ReactNode;
  if (response.object) {
    const target = (
      <a href={`#${response.object.anchor}`} className={link}>
        {response.object.title} object{response.list ? 's' : ''}
      </a>
    );
    what = response.list ? (
      <>
        A page of {target}: <C>{'{"object": "list", "data": [...], "has_more"}'}</C>
      </>
    ) : (
      <>The {target}</>
    );
  } else if (response.errorCodes.length > 0) {
    what = (
      <>
        <a href="#errors" className={link}>
          Error
        </a>
        :{' '}
        {response.errorCodes.map((code, i) => (
          <Fragment key={code}>
            {i > 0 ? ', ' : null}
            <C>{code}</C>
          </Fragment>
        ))}
      </>
    );
  } else {
    what = STATUS_TEXT[response.status] ?? '';
  }
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
      <StatusBadge status={response.status} />
      <span className="min-w-0 text-slate-700">{what}</span>
    </li>
  );
}

function Operation({ op, data }: { op: OperationModel; data: ApiReferenceData }) {
  const samples = data.samples[op.operationId];
  const example = data.operationExamples[op.operationId];
  const success = op.responses.find((r) => Number(r.status) < 300);
  return (
    <section id={op.anchor} aria-labelledby={`${op.anchor}-heading`} className="min-w-0 space-y-4 pt-4">
      <H3 id={`${op.anchor}-heading`}>{op.summary}</H3>
      <Endpoint method={op.method} path={op.path} />
      {op.description ? (
        <p>
          <Prose text={op.description} />
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        {op.security.length > 0 ? (
          <>
            Authentication: your API key (<C>Authorization: Bearer …</C>). Operation id{' '}
            <C>{op.operationId}</C>.
          </>
        ) : (
          <>
            No authentication. Operation id <C>{op.operationId}</C>.
          </>
        )}
      </p>
      {op.parameters.map((group) => (
        <div key={group.location} className="space-y-2">
          <H4>{group.title}</H4>
          <ParamTable rows={group.rows} caption={`${group.title} of ${op.method} ${op.path}`} />
        </div>
      ))}
      {op.bodies.map((body) => (
        <div key={body.contentTypes.join()} className="space-y-2">
          <H4>
            Request body{' '}
            <span className="font-mono text-sm font-normal text-slate-600">
              {body.contentTypes.join(' or ')}
            </span>
          </H4>
          {body.rows.length > 0 ? (
            <ParamTable rows={body.rows} caption={`Request body fields of ${op.method} ${op.path}`} />
          ) : (
            <p className="text-sm">No fields.</p>
          )}
        </div>
      ))}
      <div className="space-y-1">
        <H4>Responses</H4>
        <ul className="divide-y divide-slate-200" aria-label={`Responses of ${op.method} ${op.path}`}>
          {op.responses.map((r) => (
            <ResponseLine key={r.status} response={r} />
          ))}
        </ul>
      </div>
      {example && success ? (
        <CodeBlock
          label={`${success.status} ${STATUS_TEXT[success.status] ?? ''} · example`}
          code={example}
        />
      ) : null}
      {samples ? (
        <div className="space-y-2">
          <H4>Samples</H4>
          <CodeTabs label={`${op.summary}: code samples`} samples={samples} />
        </div>
      ) : null}
    </section>
  );
}

/** The tags' sections, the objects and the errors, all from the OpenAPI document. */
export function ApiReferenceView({ data }: { data: ApiReferenceData }) {
  const { model } = data;
  const nav = [
    { id: 'overview', label: 'Overview' },
    { id: 'authentication', label: 'Authentication' },
    { id: 'errors', label: 'Errors' },
    ...model.tags.map((t) => ({ id: t.anchor, label: t.name })),
    { id: 'objects', label: 'Objects' },
  ];
  return (
    <>
      <PageHero
        eyebrow="API reference"
        title="PrintLoop REST API v1"
        lead={
          <>
            <p>
              Every operation, parameter, field and error of the public API, generated from its{' '}
              <a href="/v1/openapi.json" className={link}>
                OpenAPI document
              </a>{' '}
              (version {model.version}). New here? Start with the{' '}
              <Link to={paths.docs} className={link}>
                documentation
              </Link>{' '}
              for a quick start and an explanation of test and live keys.
            </p>
            <p className="mt-3">
              <Link to={paths.apiTry} className={link}>
                Try the API in your browser
              </Link>{' '}
              with a test key.
            </p>
          </>
        }
      />
      <DocsLayout nav={nav} navLabel="API reference sections">
        <DocSection id="overview" title="Overview">
          {model.description.map((p) => (
            <p key={p}>
              <Prose text={p} />
            </p>
          ))}
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Base URL</dt>
              <dd className="mt-1">
                <C>{data.apiBase}</C>
                <span className="mt-1 block text-sm">
                  Self-hosted: <C>{'{your origin}/v1'}</C>
                </span>
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Format</dt>
              <dd className="mt-1">
                JSON bodies (<C>Content-Type: application/json</C>), except file uploads (
                <C>multipart/form-data</C>). Times are ISO 8601 in UTC; money is integer pence.
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Retries</dt>
              <dd className="mt-1">
                Send an <C>Idempotency-Key</C> header (up to 255 characters) on every POST and retry with the
                same key: the first answer comes back again, with <C>Idempotent-Replayed: true</C>.
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Rate limits</dt>
              <dd className="mt-1">
                Per API key. Every answer carries <C>RateLimit-Limit</C>, <C>RateLimit-Remaining</C> and{' '}
                <C>RateLimit-Reset</C>; a <C>429</C> carries <C>Retry-After</C>.
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Lists</dt>
              <dd className="mt-1">
                Newest first, <C>limit</C> 1 to 100 (default 10), paged with <C>starting_after</C> or{' '}
                <C>ending_before</C>.
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm font-semibold text-slate-900">Request ids</dt>
              <dd className="mt-1">
                Every answer carries a <C>Request-Id</C> header; quote it when you contact support.
              </dd>
            </div>
          </dl>
        </DocSection>

        <DocSection id="authentication" title="Authentication">
          {model.security.map((s) => (
            <div key={s.name} className="space-y-3">
              <p>
                {s.kind} (<C>{s.name}</C>): <C>{s.header}</C>. {s.description}
              </p>
            </div>
          ))}
          <p>
            Create keys in{' '}
            <Link to={paths.developers} className={link}>
              Developers
            </Link>
            . A test key (<C>pl_test_…</C>) sees only test objects, and test orders are never printed or
            charged; a live key (<C>pl_live_…</C>) sees only live ones. A missing, unknown or revoked key gets{' '}
            <C>401 UNAUTHENTICATED</C>; another account&rsquo;s object is a <C>404</C>.
          </p>
        </DocSection>

        <DocSection id="errors" title="Errors">
          <p>
            An error answers with its HTTP status and always the same JSON body: a stable <C>code</C>, a{' '}
            <C>message</C> for a person, the <C>param</C> at fault when there is one, and the{' '}
            <C>request_id</C>.
          </p>
          <ParamTable rows={model.error.rows} caption="Fields of the error body" words={OBJECT_WORDS} />
          {model.error.example ? (
            <CodeBlock label="400 Bad Request · example" code={model.error.example} />
          ) : null}
          <ul
            aria-label="Error codes and their HTTP statuses"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 sm:hidden"
          >
            {model.error.codes.map((e) => (
              <li key={e.code} className="p-4 text-sm">
                <p className="font-mono font-semibold text-slate-900">
                  {e.status} <span className="[overflow-wrap:anywhere]">{e.code}</span>
                </p>
                <p className="mt-1 text-slate-700">{e.meaning}</p>
              </li>
            ))}
          </ul>
          <WideTable
            caption="Error codes and their HTTP statuses"
            columns={['Status', 'Code', 'Meaning']}
            bodyClassName="divide-y divide-slate-200"
          >
            {model.error.codes.map((e) => (
              <tr key={e.code}>
                <td className="px-4 py-2 align-top font-mono text-slate-900">{e.status}</td>
                <td className="whitespace-nowrap px-4 py-2 align-top font-mono text-slate-900">{e.code}</td>
                <td className="min-w-64 px-4 py-2 align-top text-slate-700">{e.meaning}</td>
              </tr>
            ))}
          </WideTable>
          <p>
            Retry <C>409 IDEMPOTENCY_KEY_IN_USE</C>, <C>429</C> and <C>5xx</C> answers with backoff, honouring{' '}
            <C>Retry-After</C>; do not retry other <C>4xx</C> answers without changing the request. Questions
            about an error? Contact{' '}
            <Link to={paths.support} className={link}>
              support
            </Link>{' '}
            with its <C>request_id</C>.
          </p>
        </DocSection>

        {model.tags.map((tag) => (
          <DocSection key={tag.name} id={tag.anchor} title={tag.name}>
            {tag.description ? <p>{tag.description}.</p> : null}
            <ul className="space-y-1 text-sm" aria-label={`${tag.name} operations`}>
              {tag.operations.map((op) => (
                <li key={op.operationId} className="flex flex-wrap items-baseline gap-2">
                  <span
                    className={`rounded px-1.5 font-mono text-xs font-bold ${methodStyles[op.method] ?? ''}`}
                  >
                    {op.method}
                  </span>
                  <a href={`#${op.anchor}`} className={link}>
                    {op.summary}
                  </a>
                </li>
              ))}
            </ul>
            <div className="space-y-12">
              {tag.operations.map((op) => (
                <Operation key={op.operationId} op={op} data={data} />
              ))}
            </div>
          </DocSection>
        ))}

        <DocSection id="objects" title="Objects">
          <p>
            The objects the API answers with. Every object has an <C>id</C> with a prefix of its type, its{' '}
            <C>object</C> type name, <C>created_at</C> and <C>livemode</C>.
          </p>
          <div className="space-y-12">
            {model.objects.map((o) => (
              <section
                key={o.name}
                id={o.anchor}
                aria-labelledby={`${o.anchor}-heading`}
                className="space-y-4 pt-4"
              >
                <H3 id={`${o.anchor}-heading`}>The {o.title} object</H3>
                {o.description ? <p>{o.description}</p> : null}
                <ParamTable rows={o.rows} caption={`Fields of the ${o.title} object`} words={OBJECT_WORDS} />
                {data.objectExamples[o.name] ? (
                  <CodeBlock label={`${o.title} · example`} code={data.objectExamples[o.name]!} />
                ) : null}
              </section>
            ))}
          </div>
        </DocSection>
      </DocsLayout>
    </>
  );
}
