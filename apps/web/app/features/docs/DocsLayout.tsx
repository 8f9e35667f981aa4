import type { ReactNode } from 'react';
import { Container } from '../../components/ui/layout';

export interface DocsNavItem {
  id: string;
  label: string;
}

/**
 * Documentation layout: a sticky sidebar of in-page anchors on wide screens, a wrapped list of
 * the same anchors above the content on narrow screens.
 */
export function DocsLayout({
  nav,
  navLabel,
  children,
}: {
  nav: readonly DocsNavItem[];
  navLabel: string;
  children: ReactNode;
}) {
  return (
    <Container className="py-10 lg:py-14">
      <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-label={navLabel} className="mb-10 lg:mb-0">
          <div className="lg:sticky lg:top-24">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">On this page</p>
            <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-0.5">
              {nav.map((item) => (
                <li key={item.id}>
                  <a
                    href={`#${item.id}`}
                    className="block rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:border-0 lg:px-2"
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <div className="min-w-0 space-y-16">{children}</div>
      </div>
    </Container>
  );
}

/** One documentation section: an h2 with the anchor id, then prose and code. */
export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="min-w-0">
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-5 space-y-5 text-slate-700 leading-relaxed">{children}</div>
    </section>
  );
}

export function H3({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h3 id={id} className="pt-2 text-lg font-semibold text-slate-900">
      {children}
    </h3>
  );
}

export function Callout({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'warning';
  title: string;
  children: ReactNode;
}) {
  const styles =
    tone === 'warning'
      ? 'border-amber-300 bg-amber-50 text-amber-950'
      : 'border-brand-200 bg-brand-50 text-slate-800';
  return (
    <div className={`rounded-lg border p-4 ${styles}`}>
      <p className="font-semibold">{title}</p>
      <div className="mt-1 space-y-2 text-sm leading-relaxed">{children}</div>
    </div>
  );
}
