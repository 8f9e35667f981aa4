/** Labels and dates of the store connectors' screens. */

export const STORE_ORDER_LABELS = {
  placed: 'Placed',
  skipped: 'Skipped: no line maps to a product',
  failed: 'Not placed',
  cancelled: 'Cancelled in the store',
} as const;

export const PUSH_LABELS = {
  pending: 'Sending (retried)',
  succeeded: 'Delivered',
  failed: 'Failed',
} as const;

export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
