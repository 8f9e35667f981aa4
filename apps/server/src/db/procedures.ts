/**
 * Procedures: whole write transactions named here, run where the database is. On PostgreSQL (and an
 * embedded database opened in the server's thread) they run in a transaction of the caller's process; on
 * the embedded database's own thread (pglite-thread.ts) they run there, in one trip, so the transaction
 * is held only while its statements run. Their arguments and results are plain values (they are
 * structured-cloned to that thread): each takes what it writes, already worked out, and answers the
 * response the request stores and sends.
 */
import { finishIdempotencyKey, type IdempotencyFinish, type StoredResponse } from '../http/idempotency.js';
import {
  insertOrder,
  type OrderContext,
  orderDto,
  type PlacedPricing,
  type PlaceOptions,
} from '../orders/orders.js';
import type { Db } from './client.js';

export interface PlaceOrderArgs {
  ctx: OrderContext;
  userId: string;
  livemode: boolean;
  pricing: PlacedPricing;
  opts: PlaceOptions;
  now: Date;
}

export const procedures = {
  /** An order placed through the public API (`POST /v1/orders`): its rows, first event and webhooks. */
  async placeOrder(tx: Db, a: PlaceOrderArgs): Promise<StoredResponse> {
    const detail = await insertOrder(a.ctx, tx, a.userId, a.livemode, a.pricing, a.opts, a.now);
    return { status: 201, body: orderDto(detail.order, { items: detail.items, events: detail.events }) };
  },
} satisfies Record<string, (tx: Db, args: never) => Promise<StoredResponse>>;

type Procedures = typeof procedures;
export type ProcedureName = keyof Procedures;
export type ProcedureResult = StoredResponse;

export type ProcedureCall = {
  [N in ProcedureName]: {
    name: N;
    args: Parameters<Procedures[N]>[1];
    /** The request's idempotency key, marked done with the response in the same transaction. */
    idempotency?: IdempotencyFinish;
  };
}[ProcedureName];

/** Run a procedure in one transaction of `db`. */
export function runProcedure(db: Db, call: ProcedureCall): Promise<ProcedureResult> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as Db;
    const result = await procedures[call.name](tx, call.args);
    if (call.idempotency) await finishIdempotencyKey(tx, call.idempotency, result);
    return result;
  });
}
