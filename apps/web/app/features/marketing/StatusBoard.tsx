import { useCallback, useEffect, useRef, useState } from 'react';
import {
  checkingStates,
  interpretHealth,
  type LiveServiceId,
  type LiveStates,
  type ServiceLatency,
  type ServiceState,
  stateLabel,
  unreachableStates,
} from './health';
import { Icon, type IconName } from './icons';

const HEALTH_URL = '/api/health';
const TIMEOUT_MS = 8000;

type ServiceRow = { id: LiveServiceId | 'production'; name: string; description: string; icon: IconName };

const services: readonly ServiceRow[] = [
  {
    id: 'api',
    name: 'Website & API',
    description: 'This site, the quote calculator, your account and the public REST API.',
    icon: 'server',
  },
  {
    id: 'database',
    name: 'Database',
    description: 'Accounts, saved quotes, orders and API keys.',
    icon: 'database',
  },
  {
    id: 'storage',
    name: 'File storage',
    description: 'Uploaded model files and the results of their analysis.',
    icon: 'folder',
  },
  {
    id: 'production',
    name: 'Print production',
    description: 'Printers, quality control and dispatch at our UK print farm.',
    icon: 'printer',
  },
];

const badgeStyles: Record<ServiceState, string> = {
  checking: 'bg-slate-100 text-slate-700 ring-slate-300',
  operational: 'bg-green-50 text-green-800 ring-green-600/30',
  degraded: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  unavailable: 'bg-red-50 text-red-800 ring-red-600/30',
};

const dotStyles: Record<ServiceState, string> = {
  checking: 'bg-slate-400',
  operational: 'bg-green-600',
  degraded: 'bg-amber-500',
  unavailable: 'bg-red-600',
};

export function StatusBadge({ state }: { state: ServiceState }) {
  return (
    <span
      className={`inline-flex items-center gap-2 whitespace-nowrap rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${badgeStyles[state]}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dotStyles[state]}`} />
      {stateLabel[state]}
    </span>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

function summary(states: LiveStates, checking: boolean): { text: string; state: ServiceState } {
  if (checking) return { text: 'Checking live systems…', state: 'checking' };
  const values = Object.values(states);
  if (values.every((s) => s === 'operational'))
    return { text: 'All systems operational', state: 'operational' };
  if (states.api === 'unavailable' && values.every((s) => s === 'unavailable'))
    return { text: 'We cannot reach our systems right now', state: 'unavailable' };
  return { text: 'Some systems are having problems', state: 'degraded' };
}

/**
 * Live service states from `GET /api/health`. The prerendered HTML shows "Checking…";
 * the request runs only in the browser after hydration, and again on "Refresh".
 */
export function StatusBoard() {
  const [states, setStates] = useState<LiveStates>(checkingStates);
  const [latency, setLatency] = useState<ServiceLatency>({});
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const [busy, setBusy] = useState(true);
  const controllerRef = useRef<AbortController | null>(null);

  const check = useCallback(async () => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    setBusy(true);
    try {
      const res = await fetch(HEALTH_URL, {
        headers: { accept: 'application/json' },
        cache: 'no-store',
        signal: controller.signal,
      });
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        body = undefined;
      }
      if (controllerRef.current !== controller) return;
      const result = interpretHealth(res.ok, body);
      setStates(result.states);
      setLatency(result.latency);
    } catch {
      if (controllerRef.current !== controller) return;
      setStates(unreachableStates);
      setLatency({});
    } finally {
      clearTimeout(timer);
      if (controllerRef.current === controller) {
        setCheckedAt(new Date());
        setBusy(false);
      }
    }
  }, []);

  useEffect(() => {
    void check();
    return () => controllerRef.current?.abort();
  }, [check]);

  const overall = summary(states, busy && checkedAt === null);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div aria-live="polite" className="min-w-0">
          <p className="text-lg font-semibold text-slate-900">
            <span
              aria-hidden="true"
              className={`mr-2 inline-block h-3 w-3 rounded-full ${dotStyles[overall.state]}`}
            />
            {overall.text}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            Last checked:{' '}
            {checkedAt ? (
              <time dateTime={checkedAt.toISOString()}>{timeFormat.format(checkedAt)}</time>
            ) : (
              'not yet'
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={() => void check()}
          disabled={busy}
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60"
        >
          {busy ? 'Checking…' : 'Refresh'}
        </button>
      </div>

      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {services.map((s) => {
          const state: ServiceState = s.id === 'production' ? 'operational' : states[s.id];
          const ms = s.id === 'database' || s.id === 'storage' ? latency[s.id] : undefined;
          return (
            <li key={s.id} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 gap-4">
                <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={s.icon} />
                </span>
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900">{s.name}</h3>
                  <p className="text-sm text-slate-700">{s.description}</p>
                  {ms !== undefined && state !== 'checking' ? (
                    <p className="mt-1 text-sm text-slate-600">Response time {Math.round(ms)} ms</p>
                  ) : null}
                  {s.id === 'production' ? (
                    <p className="mt-1 text-sm text-slate-600">
                      Not checked automatically; updated by our team.
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="pl-14 sm:shrink-0 sm:pl-0">
                <StatusBadge state={state} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
