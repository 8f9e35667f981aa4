/** A small set of inline line icons for the marketing pages (no icon library, no network). */
const iconPaths = {
  upload: 'M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  cube: 'M12 2l9 5v10l-9 5-9-5V7l9-5zm0 0v20M3 7l9 5 9-5',
  check: 'M5 13l4 4L19 7',
  shield: 'M12 3l8 3v6c0 5-3.5 8.5-8 9-4.5-.5-8-4-8-9V6l8-3zm-3 9l2 2 4-4',
  truck: 'M3 6h11v10H3zM14 10h4l3 3v3h-7zM7 19a2 2 0 100-4 2 2 0 000 4zm10 0a2 2 0 100-4 2 2 0 000 4z',
  box: 'M4 7l8-4 8 4v10l-8 4-8-4V7zm0 0l8 4 8-4M12 11v10',
  chart: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  code: 'M8 8l-4 4 4 4m8-8l4 4-4 4m-6 3l4-14',
  plug: 'M9 3v5m6-5v5M7 8h10v3a5 5 0 01-10 0V8zm5 8v5',
  globe:
    'M12 21a9 9 0 100-18 9 9 0 000 18zm-9-9h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  sparkles:
    'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3zM19 15l.8 2.2 2.2.8-2.2.8L19 21l-.8-2.2-2.2-.8 2.2-.8L19 15z',
  route:
    'M6 19a2 2 0 100-4 2 2 0 000 4zm12-10a2 2 0 100-4 2 2 0 000 4zM6 15V9a4 4 0 014-4h6M18 9v6a4 4 0 01-4 4H8',
  pound: 'M16 6.5A4 4 0 009 8.5V12m0 0v4.5c0 1.4-.6 2.5-2 3.5h11M6.5 12H14',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zm0-13v4l3 2',
  layers: 'M12 3l9 5-9 5-9-5 9-5zm-9 9l9 5 9-5m-18 4l9 5 9-5',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zm-7 10v-1a6 6 0 0112 0v1m3-10a3 3 0 100-6m2 16v-1a5 5 0 00-3-4.6',
  leaf: 'M5 19c0-8 5-13 15-14-1 10-6 15-14 15l-1-1zm0 0l7-7',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z',
  lock: 'M6 11h12v9H6zM8 11V8a4 4 0 018 0v3',
  server: 'M4 4h16v6H4zm0 10h16v6H4zm3-7h.01M7 17h.01',
  database:
    'M12 3c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zm-8 3v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  folder: 'M3 6a1 1 0 011-1h5l2 2h9a1 1 0 011 1v10a1 1 0 01-1 1H4a1 1 0 01-1-1V6z',
  printer: 'M6 3h12v5H6zM4 8h16v8H4zm4 5h8v8H8z',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  arrow: 'M5 12h14m-6-6l6 6-6 6',
} as const;

export type IconName = keyof typeof iconPaths;

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}

/** An icon in a tinted rounded square, used at the top of feature cards. */
export function IconBadge({ name, tone = 'brand' }: { name: IconName; tone?: 'brand' | 'accent' }) {
  const colours = tone === 'brand' ? 'bg-brand-50 text-brand-700' : 'bg-orange-50 text-accent-600';
  return (
    <span className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg ${colours}`}>
      <Icon name={name} />
    </span>
  );
}
