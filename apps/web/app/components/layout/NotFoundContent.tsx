import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NotFoundContent() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:py-32">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Error 404</p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
        Page not found
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        We could not find the page you asked for. It may have moved, or the address may have a typo.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={paths.home}
          className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Back to home
        </Link>
        <Link
          to={paths.docs}
          className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Documentation
        </Link>
        <Link
          to={paths.support}
          className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Support
        </Link>
      </div>
    </section>
  );
}
