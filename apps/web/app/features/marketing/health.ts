/** Reading `GET /api/health` into the states shown on the status page. Pure: no fetch, no clock. */

export type ServiceState = 'checking' | 'operational' | 'degraded' | 'unavailable';
export type LiveServiceId = 'api' | 'database' | 'storage';
export type LiveStates = Record<LiveServiceId, ServiceState>;

export type ServiceLatency = Partial<Record<LiveServiceId, number>>;

export const checkingStates: LiveStates = { api: 'checking', database: 'checking', storage: 'checking' };

type CheckResult = { status?: unknown; latency_ms?: unknown };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readCheck(checks: Record<string, unknown>, key: string): { state: ServiceState; latency?: number } {
  const raw = checks[key];
  if (!isRecord(raw)) return { state: 'unavailable' };
  const check = raw as CheckResult;
  const latency =
    typeof check.latency_ms === 'number' && Number.isFinite(check.latency_ms) ? check.latency_ms : undefined;
  if (check.status === 'ok') return { state: 'operational', latency };
  if (check.status === 'error') return { state: 'unavailable', latency };
  return { state: 'degraded', latency };
}

/**
 * Interpret a health response. `httpOk` is `response.ok`; `body` is the parsed JSON, or
 * `undefined` when the body was not JSON. A failed fetch should use {@link unreachableStates}.
 */
export function interpretHealth(
  httpOk: boolean,
  body: unknown,
): { states: LiveStates; latency: ServiceLatency } {
  if (!isRecord(body) || !isRecord(body.checks)) {
    // The server answered, but not with a health report (e.g. a proxy error page).
    return {
      states: { api: httpOk ? 'degraded' : 'unavailable', database: 'unavailable', storage: 'unavailable' },
      latency: {},
    };
  }
  const db = readCheck(body.checks, 'database');
  const storage = readCheck(body.checks, 'storage');
  const api: ServiceState = body.status === 'ok' && httpOk ? 'operational' : 'degraded';
  const latency: ServiceLatency = {};
  if (db.latency !== undefined) latency.database = db.latency;
  if (storage.latency !== undefined) latency.storage = storage.latency;
  return { states: { api, database: db.state, storage: storage.state }, latency };
}

/** The states when the request itself failed (network error, timeout, server down). */
export const unreachableStates: LiveStates = {
  api: 'unavailable',
  database: 'unavailable',
  storage: 'unavailable',
};

export const stateLabel: Record<ServiceState, string> = {
  checking: 'Checking…',
  operational: 'Operational',
  degraded: 'Degraded',
  unavailable: 'Unavailable',
};
