/** Order-specific building blocks; the generic ones are in components/ui/app.tsx. */
import type { OrderStatus } from '@printloop/contracts';
import { STATUS_CHIP_CLASSES, statusLabel } from './format';

export function StatusChip({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_CHIP_CLASSES[status]}`}
      data-status={status}
    >
      {statusLabel(status)}
    </span>
  );
}

/** "Order ord_…", the id in a smaller monospace line that may break anywhere (narrow screens). */
export function OrderTitle({ id }: { id: string }) {
  return (
    <>
      Order <span className="block break-all font-mono text-xl font-bold sm:inline sm:text-3xl">{id}</span>
    </>
  );
}
