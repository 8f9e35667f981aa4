import { Link } from 'react-router';
import { Container, PageHero } from '../components/ui/layout';
import { integrationGuidePath, integrationGuides, paths } from '../config/paths';
import { CodeBlock } from '../features/docs/code';
import { integrationGuideData, isIntegrationGuide } from '../features/docs/integration-guides';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/docs-integration';

/** Runs at build time for each prerendered guide; unknown platforms are a 404. */
export function loader({ params }: Route.LoaderArgs) {
  const { platform } = params;
  if (!isIntegrationGuide(platform)) throw new Response('Not Found', { status: 404 });
  return { guide: integrationGuideData[platform] };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  const guide = loaderData?.guide;
  if (!guide) {
    return pageMeta({
      title: 'Integration guide not found',
      description: 'There is no PrintLoop integration guide for this platform.',
      path: `/docs/integrations/${params.platform}`,
      noindex: true,
    });
  }
  return pageMeta({
    title: guide.metaTitle,
    description: guide.metaDescription,
    path: integrationGuidePath(guide.platform),
  });
}

export default function IntegrationGuidePage({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData;
  const others = integrationGuides.filter((p) => p !== guide.platform);
  return (
    <>
      <PageHero
        eyebrow="Integration guide"
        title={`Connect ${guide.name} to PrintLoop`}
        lead={<p>{guide.lead}</p>}
      >
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <li>
              <Link to={paths.docs} className="font-semibold text-brand-700 underline">
                Documentation
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link to={paths.integrations} className="font-semibold text-brand-700 underline">
                Integrations
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page">{guide.name}</li>
          </ol>
        </nav>
      </PageHero>
      <Container className="py-12 lg:py-16">
        <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12">
          <article className="min-w-0 break-words">
            <section aria-labelledby="requirements-heading">
              <h2 id="requirements-heading" className="text-2xl font-bold tracking-tight text-slate-900">
                Before you start
              </h2>
              <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
                {guide.requirements.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="steps-heading" className="mt-12">
              <h2 id="steps-heading" className="text-2xl font-bold tracking-tight text-slate-900">
                Step by step
              </h2>
              <ol className="mt-6 space-y-10">
                {guide.steps.map((step, i) => (
                  <li key={step.title} className="flex gap-4">
                    <span
                      aria-hidden="true"
                      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                    >
                      {i + 1}
                    </span>
                    <div className="min-w-0 flex-1 space-y-3 text-slate-700 leading-relaxed">
                      <h3 className="pt-1 text-lg font-semibold text-slate-900">
                        <span className="sr-only">Step {i + 1}: </span>
                        {step.title}
                      </h3>
                      {step.paragraphs.map((p) => (
                        <p key={p}>{p}</p>
                      ))}
                      {step.list ? (
                        <ul className="list-disc space-y-1.5 pl-6">
                          {step.list.map((item) => (
                            <li key={item}>{item}</li>
                          ))}
                        </ul>
                      ) : null}
                      {step.code ? <CodeBlock label={step.code.label} code={step.code.code} /> : null}
                      {step.image ? (
                        <img
                          src={step.image.src}
                          alt={step.image.alt}
                          width={step.image.width}
                          height={step.image.height}
                          loading="lazy"
                          className="h-auto w-full rounded-lg border border-slate-200 shadow-sm"
                        />
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            </section>

            <section aria-labelledby="notes-heading" className="mt-12">
              <h2 id="notes-heading" className="text-2xl font-bold tracking-tight text-slate-900">
                Good to know
              </h2>
              <div className="mt-6 grid gap-4 sm:grid-cols-2">
                {guide.notes.map((n) => (
                  <div key={n.title} className="rounded-xl border border-slate-200 bg-white p-5">
                    <h3 className="font-semibold text-slate-900">{n.title}</h3>
                    <p className="mt-2 text-sm leading-relaxed text-slate-700">{n.body}</p>
                  </div>
                ))}
              </div>
              <p className="mt-8 text-slate-700">
                Building something custom instead? The{' '}
                <Link to={paths.apiReference} className="font-semibold text-brand-700 underline">
                  API reference
                </Link>{' '}
                documents the same order flow for your own code. Stuck?{' '}
                <Link to={paths.support} className="font-semibold text-brand-700 underline">
                  Visit support
                </Link>
                .
              </p>
            </section>
          </article>

          <aside aria-labelledby="other-guides-heading" className="mt-12 lg:mt-0">
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24">
              <h2 id="other-guides-heading" className="text-base font-semibold text-slate-900">
                Other guides
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {others.map((p) => (
                  <li key={p}>
                    <Link to={integrationGuidePath(p)} className="text-brand-700 underline">
                      {integrationGuideData[p].name}
                    </Link>
                  </li>
                ))}
              </ul>
              <div className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-sm">
                <p>
                  <Link to={paths.integrations} className="font-semibold text-brand-700 underline">
                    All integrations
                  </Link>
                </p>
                <p>
                  <Link to={paths.docs} className="font-semibold text-brand-700 underline">
                    Back to documentation
                  </Link>
                </p>
              </div>
            </div>
          </aside>
        </div>
      </Container>
    </>
  );
}
