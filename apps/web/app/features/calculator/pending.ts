/**
 * A visitor's quote kept through sign-up or sign-in: the file's bytes, its name, the parameters, the
 * quantity, the face put down (an applied orientation hint) and what they meant to do (save, or order). Kept in this browser's IndexedDB only (nothing is
 * sent before the visitor has an account), read back once by the calculator after signing in, and
 * deleted as it is read. Older than a day, it is dropped.
 */
import { isIdentityOrientation, type Orientation, orientationProblem } from '@printloop/geometry';
import {
  colorFor,
  DEFAULT_PARAMETERS,
  ParameterError,
  parseParameters,
  type QuoteParameters,
  validateQuantity,
} from '@printloop/quote';

/** The parameters with the chosen colour (a colour id of the material). */
export type PendingParameters = QuoteParameters & { color: string };

import { MAX_FILE_BYTES } from './files';

export type PendingAction = 'save' | 'order';

export interface PendingQuote {
  file: Blob;
  name: string;
  parameters: PendingParameters;
  quantity: number;
  /** The face put down; absent or null: as the file lies. */
  orientation?: Orientation | null;
  action: PendingAction;
  savedAt: number;
}

/** The query the calculator is sent back with after signing in: `/calculator?resume=1`. */
export const RESUME_PARAM = 'resume';
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const DB_NAME = 'printloop';
const STORE = 'pending-quote';
const KEY = 'calculator';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/**
 * What was read back, checked: a record written by another version of the app, by hand or too long ago
 * is null. The parameters go through the same rules as the form (an invalid set falls back to defaults).
 */
export function checkPending(value: unknown, now = Date.now()): PendingQuote | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!(v.file instanceof Blob) || v.file.size === 0 || v.file.size > MAX_FILE_BYTES) return null;
  if (typeof v.name !== 'string' || v.name.length === 0 || v.name.length > 255) return null;
  if (v.action !== 'save' && v.action !== 'order') return null;
  if (typeof v.savedAt !== 'number' || now - v.savedAt > PENDING_MAX_AGE_MS || v.savedAt > now + 60_000)
    return null;
  const checked = validateQuantity(v.quantity);
  const quantity = checked.ok ? checked.value : 1;
  let parameters: QuoteParameters;
  try {
    parameters = parseParameters(v.parameters);
  } catch (err) {
    if (!(err instanceof ParameterError)) throw err;
    parameters = { ...DEFAULT_PARAMETERS, postProcessing: [...DEFAULT_PARAMETERS.postProcessing] };
  }
  // The colour must be one of the material's; otherwise black, or its first stocked colour.
  const wanted = (v.parameters as { color?: unknown } | null)?.color;
  const color = colorFor(parameters.filamentType, typeof wanted === 'string' ? wanted : null);
  // An orientation only when it is a valid one that turns the part (else as the file lies).
  const o = v.orientation;
  const orientation =
    orientationProblem(o) === null && !isIdentityOrientation(o as Orientation)
      ? ([...(o as number[])] as [number, number, number])
      : null;
  return {
    file: v.file,
    name: v.name,
    parameters: { ...parameters, color },
    quantity,
    orientation,
    action: v.action,
    savedAt: v.savedAt,
  };
}

/** Keeps the visitor's file and settings; false when this browser cannot (private mode, no IndexedDB). */
export async function keepPendingQuote(p: Omit<PendingQuote, 'savedAt'>): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    await withStore('readwrite', (s) => s.put({ ...p, savedAt: Date.now() }, KEY));
    return true;
  } catch {
    return false;
  }
}

/** Reads the kept quote and deletes it (it is used once), or null. */
export async function takePendingQuote(): Promise<PendingQuote | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const value = await withStore('readonly', (s) => s.get(KEY));
    await withStore('readwrite', (s) => s.delete(KEY));
    return checkPending(value);
  } catch {
    return null;
  }
}
