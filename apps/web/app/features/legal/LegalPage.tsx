import type { ReactNode } from 'react';
import { Container, PageHero } from '../../components/ui/layout';

export const legalLastUpdated = '22 November 2026';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal document: the page's h1, the date it was last updated, a contents list and numbered sections. */
export function LegalPage({
  eyebrow,
  title,
  intro,
  sections,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageHero
        eyebrow={eyebrow}
        title={title}
        lead={
          <>
            <p className="text-base font-semibold text-slate-800">
              Last updated: <time dateTime="2026-11-22">{legalLastUpdated}</time>
            </p>
            <div className="mt-3">{intro}</div>
          </>
        }
      />
      <Container className="py-12 lg:py-16">
        <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
          <nav aria-label="Contents" className="mb-10 lg:mb-0">
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24">
              <p className="text-sm font-semibold text-slate-900">Contents</p>
              <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm">
                {sections.map((s) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                      {s.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
          <div className="min-w-0 max-w-3xl space-y-12">
            {sections.map((s, i) => (
              <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`}>
                <h2
                  id={`${s.id}-heading`}
                  className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl"
                >
                  {i + 1}. {s.title}
                </h2>
                <div className="legal-body mt-4 space-y-4 leading-relaxed text-slate-700 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_li]:mt-1.5 [&_ul]:list-disc [&_ul]:pl-6">
                  {s.body}
                </div>
              </section>
            ))}
          </div>
        </div>
      </Container>
    </>
  );
}
