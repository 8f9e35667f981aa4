import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Container } from '../../components/ui/layout';
import { Icon, IconBadge, type IconName } from './icons';

/** A row of call-to-action buttons that wraps on narrow screens. */
export function ButtonRow({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`flex flex-wrap gap-3 ${className}`}>{children}</div>;
}

/** An inline text link to an internal route, with an arrow. */
export function ArrowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline"
    >
      {children}
      <Icon name="arrow" className="h-4 w-4" />
    </Link>
  );
}

export type Feature = { icon: IconName; title: string; text: ReactNode };

/** Cards with an icon, an h3 title and a paragraph. Place inside a Section (h2). */
export function FeatureGrid({ items, columns = 3 }: { items: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  const cols = {
    2: 'md:grid-cols-2',
    3: 'md:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  }[columns];
  return (
    <ul className={`grid gap-6 ${cols}`}>
      {items.map((f) => (
        <li key={f.title}>
          <Card className="h-full">
            <IconBadge name={f.icon} />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
            <div className="mt-2 text-slate-700">{f.text}</div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** A bulleted list with check marks. */
export function CheckList({ items, className = '' }: { items: readonly ReactNode[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-3 text-slate-700">
          <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A closing band with an h2, a sentence and buttons. */
export function CtaBand({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  return (
    // The global focus ring uses --color-brand-600, which is invisible on this dark band: make it white here
    // (nothing inside the band uses brand-600).
    <section
      aria-labelledby="cta-heading"
      className="bg-brand-800 py-14 text-white [--color-brand-600:#ffffff] sm:py-16"
    >
      <Container className="flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="mt-3 text-brand-100">{text}</p>
        </div>
        <ButtonRow className="shrink-0">{children}</ButtonRow>
      </Container>
    </section>
  );
}

/** Secondary button style for use on the dark CTA band. */
export function OnDarkButtonLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center justify-center rounded-md border border-white/70 px-5 py-2.5 text-sm font-semibold text-white hover:bg-white/10"
    >
      {children}
    </Link>
  );
}

/** Primary button style for use on the dark CTA band. */
export function OnDarkPrimaryLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center justify-center rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
    >
      {children}
    </Link>
  );
}

export type FaqItem = { q: string; a: ReactNode };

/** Questions and answers as native disclosure widgets: they work without JavaScript. */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.q} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded font-semibold text-slate-900">
            <h3 className="text-base">{item.q}</h3>
            <span
              aria-hidden="true"
              className="mt-0.5 text-xl leading-none text-brand-700 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <div className="mt-3 text-slate-700">{item.a}</div>
        </details>
      ))}
    </div>
  );
}

export type Quote = { text: string; name: string; shop: string };

export function Testimonials({ quotes }: { quotes: readonly Quote[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {quotes.map((q) => (
        <li key={q.name}>
          <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <blockquote className="flex-1 text-slate-800">
              <p>“{q.text}”</p>
            </blockquote>
            <figcaption className="mt-5 flex items-center gap-3">
              <Initials name={q.name} />
              <span>
                <span className="block font-semibold text-slate-900">{q.name}</span>
                <span className="block text-sm text-slate-600">{q.shop}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** A round avatar with initials (no photos). */
export function Initials({ name, size = 'sm' }: { name: string; size?: 'sm' | 'lg' }) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const dims = size === 'lg' ? 'h-16 w-16 text-xl' : 'h-10 w-10 text-sm';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 ${dims}`}
    >
      {letters}
    </span>
  );
}

/** A two-column block: text on one side, arbitrary content on the other; stacks on mobile. */
export function Split({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <div className="grid items-start gap-10 lg:grid-cols-2">
      <div className="space-y-4 text-slate-700">{children}</div>
      <div>{aside}</div>
    </div>
  );
}

/** Numbered steps (an ordered list) with an h3 for each step. */
export function Steps({
  steps,
}: {
  steps: readonly { title: string; text: ReactNode; icon: IconName; points?: readonly string[] }[];
}) {
  return (
    <ol className="space-y-6">
      {steps.map((s, i) => (
        <li key={s.title}>
          <Card className="flex flex-col gap-4 sm:flex-row sm:gap-6">
            <div className="flex items-center gap-3 sm:flex-col sm:items-center">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                {i + 1}
              </span>
              <IconBadge name={s.icon} />
            </div>
            <div className="min-w-0">
              <h3 className="text-xl font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {s.title}
              </h3>
              <div className="mt-2 text-slate-700">{s.text}</div>
              {s.points ? <CheckList items={s.points} className="mt-4" /> : null}
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}
