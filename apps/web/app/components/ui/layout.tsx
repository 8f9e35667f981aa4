import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Centred page width with the site's horizontal padding. */
export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>;
}

/** The top of a content page: eyebrow, the page's single h1, and a lead paragraph. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-16 sm:py-20">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {lead ? <div className="mt-5 max-w-3xl text-lg text-slate-700">{lead}</div> : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </Container>
    </section>
  );
}

/** A page section with an h2 heading (and an id for anchors). */
export function Section({
  id,
  title,
  intro,
  children,
  className = '',
}: {
  id?: string;
  title?: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={`py-14 sm:py-16 ${className}`}
    >
      <Container>
        {title ? (
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
        ) : null}
        {intro ? <div className="mt-3 max-w-3xl text-slate-700">{intro}</div> : null}
        <div className={title || intro ? 'mt-8' : ''}>{children}</div>
      </Container>
    </section>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>{children}</div>
  );
}

const buttonStyles = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  accent: 'bg-accent-600 text-white hover:bg-orange-800 shadow-sm',
} as const;

/** An internal link styled as a button. */
export function ButtonLink({
  to,
  children,
  variant = 'primary',
  className = '',
}: {
  to: string;
  children: ReactNode;
  variant?: keyof typeof buttonStyles;
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center justify-center rounded-md px-5 py-2.5 text-sm font-semibold ${buttonStyles[variant]} ${className}`}
    >
      {children}
    </Link>
  );
}

/** A grid of big figures with labels. */
export function StatGrid({ stats }: { stats: readonly { value: string; label: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-6 sm:grid-cols-4">
      {stats.map((s) => (
        <div key={s.label} className="rounded-xl border border-slate-200 bg-white p-5 text-center">
          <dt className="text-sm text-slate-600">{s.label}</dt>
          <dd className="mt-1 text-3xl font-extrabold text-brand-700">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
