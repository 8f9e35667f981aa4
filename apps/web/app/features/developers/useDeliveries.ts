import type { WebhookDeliveryDto } from '@printloop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { webhookEndpointsApi } from './api';
import { awaitDelivery, type DeliveryWait, deliverySettled } from './webhooks';

/** How often the log is read again while an action's delivery is awaited, and for how long at most. */
const POLL_MS = 1_500;
const POLL_FOR_MS = 30_000;

export interface DeliveriesState {
  status: 'loading' | 'ready' | 'error';
  deliveries: WebhookDeliveryDto[];
  /** Why the log could not be read (the last one read stays on screen). */
  loadError: string | null;
  refreshing: boolean;
  /** What the last action did ("Test event queued…"), for the live region. */
  notice: string | null;
  actionError: string | null;
  /** The action under way: `test`, or the id of the delivery being redelivered. */
  busy: string | null;
}

/**
 * One endpoint's recent deliveries: read on mount and on Refresh, and read again every 1.5 s after
 * "Send test event" or "Redeliver" until that delivery has an outcome (30 s at most).
 */
export function useDeliveries(endpointId: string) {
  const [state, setState] = useState<DeliveriesState>({
    status: 'loading',
    deliveries: [],
    loadError: null,
    refreshing: false,
    notice: null,
    actionError: null,
    busy: null,
  });
  const [wait, setWait] = useState<(DeliveryWait & { until: number }) | null>(null);
  const latest = useRef<WebhookDeliveryDto[]>([]);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const list = await webhookEndpointsApi.deliveries(endpointId, signal);
        latest.current = list.data;
        setState((s) => ({
          ...s,
          status: 'ready',
          deliveries: list.data,
          loadError: null,
          refreshing: false,
        }));
        return list.data;
      } catch (err) {
        if (signal?.aborted) return null;
        const error = errorMessage(err, 'The deliveries could not be loaded.');
        setState((s) => ({
          ...s,
          status: s.status === 'loading' ? 'error' : s.status,
          loadError: error,
          refreshing: false,
        }));
        return null;
      }
    },
    [endpointId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (!wait) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const list = await load(controller.signal);
      if (controller.signal.aborted) return;
      if ((list && deliverySettled(list, wait)) || Date.now() > wait.until) setWait(null);
      else setWait({ ...wait });
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wait, load]);

  const refresh = useCallback(() => {
    setState((s) => ({ ...s, refreshing: true }));
    void load();
  }, [load]);

  const sendTest = useCallback(async () => {
    setState((s) => ({ ...s, busy: 'test', notice: null, actionError: null }));
    try {
      const event = await webhookEndpointsApi.sendTest(endpointId);
      setState((s) => ({
        ...s,
        busy: null,
        notice: `Test event ${event.id} queued. Its delivery appears below.`,
      }));
      setWait({ ...awaitDelivery(latest.current, event.id), until: Date.now() + POLL_FOR_MS });
    } catch (err) {
      setState((s) => ({
        ...s,
        busy: null,
        actionError: errorMessage(err, 'The test event could not be sent. Please try again.'),
      }));
    }
  }, [endpointId]);

  const redeliver = useCallback(async (delivery: WebhookDeliveryDto) => {
    setState((s) => ({ ...s, busy: delivery.id, notice: null, actionError: null }));
    try {
      const event = await webhookEndpointsApi.redeliver(delivery.id);
      setState((s) => ({
        ...s,
        busy: null,
        notice: `Event ${event.id} queued again. The new delivery appears below.`,
      }));
      setWait({ ...awaitDelivery(latest.current, event.id), until: Date.now() + POLL_FOR_MS });
    } catch (err) {
      setState((s) => ({
        ...s,
        busy: null,
        actionError: errorMessage(err, 'The event could not be redelivered. Please try again.'),
      }));
    }
  }, []);

  return { state, polling: wait !== null, refresh, sendTest, redeliver };
}
