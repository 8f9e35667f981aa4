import { type ReactNode, useEffect, useState } from 'react';
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
  const current = useCurrentSection(nav);
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
                    aria-current={current === item.id ? 'location' : undefined}
                    className="block rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=location]:bg-brand-50 aria-[current=location]:font-semibold aria-[current=location]:text-brand-800 lg:border-0 lg:px-2"
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

/**
 * The id of the section nearest the top of the viewport, for highlighting the sidebar.
 * Starts as null on the server and on first render, so hydration matches.
 */
function useCurrentSection(nav: readonly DocsNavItem[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    const sections = nav
      .map((item) => document.getElementById(item.id))
      .filter((el): el is HTMLElement => el !== null);
    if (sections.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) visible.add(e.target.id);
          else visible.delete(e.target.id);
        }
        const first = sections.find((el) => visible.has(el.id));
        if (first) setCurrent(first.id);
      },
      { rootMargin: '-80px 0px -55% 0px' },
    );
    for (const el of sections) observer.observe(el);
    return () => observer.disconnect();
  }, [nav]);
  return current;
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
