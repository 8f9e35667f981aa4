import { describe, expect, it } from 'vitest';
import { interpretHealth, unreachableStates } from './health';

describe('interpretHealth', () => {
  it('reads a healthy report as operational with latencies', () => {
    const r = interpretHealth(true, {
      status: 'ok',
      checks: { database: { status: 'ok', latency_ms: 3 }, storage: { status: 'ok', latency_ms: 12 } },
    });
    expect(r.states).toEqual({ api: 'operational', database: 'operational', storage: 'operational' });
    expect(r.latency).toEqual({ database: 3, storage: 12 });
  });

  it('reads a 503 degraded report: the failing check is unavailable, the API degraded', () => {
    const r = interpretHealth(false, {
      status: 'degraded',
      checks: { database: { status: 'error', latency_ms: 2000 }, storage: { status: 'ok', latency_ms: 8 } },
    });
    expect(r.states).toEqual({ api: 'degraded', database: 'unavailable', storage: 'operational' });
  });

  it('treats a non-JSON answer as degraded API (200) or unavailable (5xx)', () => {
    expect(interpretHealth(true, undefined).states.api).toBe('degraded');
    expect(interpretHealth(false, undefined).states.api).toBe('unavailable');
    expect(interpretHealth(false, '<html>').states.database).toBe('unavailable');
  });

  it('treats a missing check as unavailable and an unknown status as degraded', () => {
    const r = interpretHealth(true, { status: 'ok', checks: { database: { status: 'slow' } } });
    expect(r.states.database).toBe('degraded');
    expect(r.states.storage).toBe('unavailable');
  });

  it('has every service unavailable when the server cannot be reached', () => {
    expect(Object.values(unreachableStates)).toEqual(['unavailable', 'unavailable', 'unavailable']);
  });
});
