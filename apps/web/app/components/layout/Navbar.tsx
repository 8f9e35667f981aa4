import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useHydrated } from '../../features/auth/hydrated';
import { BrandMark } from './BrandMark';
import { UserMenu } from './UserMenu';

const navItems = [
  { to: paths.home, label: 'Home' },
  { to: paths.howItWorks, label: 'How It Works' },
  { to: paths.features, label: 'Features' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.about, label: 'About' },
  { to: paths.docs, label: 'Documentation' },
] as const;

function linkClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-brand-700 bg-brand-50' : 'text-slate-700 hover:text-brand-700 hover:bg-slate-100'
  }`;
}

export function Navbar() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  // Pages with an id in the path arrive as the SPA shell, prerendered at "/": hydration keeps the shell's
  // attributes (Home marked current), so the links are drawn afresh once hydrated.
  const linksKey = useHydrated() ? 'client' : 'prerendered';

  // Close the mobile menu whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8"
      >
        <Link to={paths.home} className="rounded-md" aria-label="PrintLoop home">
          <BrandMark />
        </Link>
        <ul key={linksKey} className="hidden items-center gap-1 lg:flex">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-3 lg:flex">
          <UserMenu />
          <Link
            to={paths.calculator}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Get Quote
          </Link>
        </div>
        <button
          type="button"
          className="inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      <div id={menuId} hidden={!open} className="border-t border-slate-200 bg-white lg:hidden">
        <ul key={linksKey} className="space-y-1 px-4 py-3">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={(s) => `block ${linkClass(s)}`}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="px-3 py-2">
            <UserMenu variant="panel" />
          </li>
          <li className="pt-2">
            <Link
              to={paths.calculator}
              className="block rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
            >
              Get Quote
            </Link>
          </li>
        </ul>
      </div>
    </header>
  );
}
