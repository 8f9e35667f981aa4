import { analysisSchema, safeFileName, type UploadUnits } from '@printloop/contracts';
import type { EstimateResult } from '@printloop/estimate';
import { type Analysis, HOUSE_PRINTER, type Orientation, printableProblem } from '@printloop/geometry';
import type { PrintParameters, Quote, QuoteParameters } from '@printloop/quote';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { invoiceCounters, printJobs, printParameters, quotes } from '../db/schema.js';
import { AppError, notFound } from '../lib/errors.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { MeshMissingError } from '../models/model-service.js';

/**
 * Print jobs: an uploaded model file, the server's analysis of it and its stored mesh. The domain
 * functions the upload, quote and order routes share.
 */

export type JobRow = typeof printJobs.$inferSelect;

export function jobDto(job: JobRow) {
  return {
    id: job.id,
    file_name: job.fileName,
    file_size: job.fileSize,
    format: job.format,
    status: job.status,
    units: job.units,
    created_at: job.createdAt.toISOString(),
  };
}

/** The units a job's file is read in. */
export function unitsOf(job: JobRow): UploadUnits {
  return job.units === 'cm' || job.units === 'in' ? job.units : 'mm';
}

/** Storage keys of a job: under the job's own id, so no two uploads can ever share an object. */
export function jobKeys(userId: string, jobId: string, fileName: string) {
  const prefix = `models/${userId}/${jobId}`;
  return {
    prefix,
    file: `${prefix}/${safeFileName(fileName)}`,
    mesh: (units: string) => `${prefix}/mesh-${units}.plm.gz`,
  };
}

/**
 * Job rows read on every price: kept for two seconds, and forgotten at once when this process changes
 * one (another process's change is seen within that time).
 */
const recentJobs = new TtlCache<JobRow>(2_000);
const jobCacheKey = (userId: string, id: string) => `${userId}:${id}`;
export function forgetJob(userId: string, id: string) {
  recentJobs.delete(jobCacheKey(userId, id));
}

/**
 * A job of this user in this mode (the web app is live), or 404: another user's job, or one of the
 * other mode, is indistinguishable from a missing one.
 */
export async function findOwnJob(
  app: FastifyInstance,
  userId: string,
  id: string,
  livemode = true,
  what = 'Print job',
): Promise<JobRow> {
  const key = jobCacheKey(userId, id);
  const cached = recentJobs.get(key);
  if (cached) {
    if (cached.livemode !== livemode) throw notFound(what);
    return cached;
  }
  const [job] = await app.database.db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.id, id), eq(printJobs.userId, userId)))
    .limit(1);
  if (!job) throw notFound(what);
  if (job.livemode !== livemode) throw notFound(what);
  const whole = await withWholeAnalysis(app, job);
  recentJobs.set(key, whole);
  return whole;
}

/** A job's stored analysis when it is whole (read through the contract's schema); null when it is not:
 * stored by an older release, or damaged. */
export function storedAnalysis(job: JobRow): Analysis | null {
  return analysisSchema.safeParse(job.analysis).success ? (job.analysis as Analysis) : null;
}

/**
 * The job, with a whole analysis where it can be had: one whose stored analysis is not (an older
 * release's, or damaged) is analysed again from its kept file first, so that nothing downstream
 * (pricing, lead times, the farm) reads a field that is not there. When that fails (the file is gone
 * or unreadable) the job comes back as it was: listing or deleting it still works, and pricing it is a
 * 422 from `assertPrintable`.
 */
export async function withWholeAnalysis(app: FastifyInstance, job: JobRow): Promise<JobRow> {
  if (storedAnalysis(job)) return job;
  app.log.warn({ job: job.id }, 'stored analysis not whole; analysing the file again');
  try {
    return (await reanalyzeJob(app, job, unitsOf(job))).job;
  } catch (err) {
    app.log.error({ err, job: job.id }, 'stored analysis could not be rebuilt');
    return job;
  }
}

/**
 * Store the mesh in the background (it is encoded after the analysis is answered) and record its
 * size; a failure only costs a re-analysis from the stored file the next time the mesh is needed.
 */
export function keepMesh(app: FastifyInstance, job: JobRow, meshPath: string, mesh: Promise<Uint8Array>) {
  return app.models
    .storeMesh(meshPath, mesh, (err) =>
      app.log.warn({ err, job: job.id }, 'the mesh could not be stored; it will be rebuilt from the file'),
    )
    .then(async () => {
      const bytes = await mesh.catch(() => null);
      if (!bytes) return;
      await app.database.db
        .update(printJobs)
        .set({ meshSize: bytes.byteLength })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.meshPath, meshPath)))
        .catch((err: unknown) => app.log.warn({ err, job: job.id }, 'mesh size not recorded'));
    });
}

/**
 * Analyse a job's stored file again (its mesh is missing, or other units were chosen) and store the
 * new mesh. Returns the analysis and the job row as updated.
 */
export async function reanalyzeJob(
  app: FastifyInstance,
  job: JobRow,
  units: UploadUnits,
): Promise<{ job: JobRow; analysis: Analysis }> {
  const bytes = await app.storage.getBytes(job.filePath);
  const outcome = await app.models.analyze(job.userId, bytes, job.fileName, { units });
  const meshPath = jobKeys(job.userId, job.id, job.fileName).mesh(outcome.analysis.units);
  app.models.forget(meshPath);
  forgetJob(job.userId, job.id);
  const [updated] = await app.database.db
    .update(printJobs)
    .set({ units: outcome.analysis.units, analysis: outcome.analysis, meshPath, meshSize: null })
    .where(and(eq(printJobs.id, job.id), eq(printJobs.userId, job.userId)))
    .returning();
  if (!updated) throw notFound('Print job');
  await keepMesh(app, updated, meshPath, outcome.mesh);
  return { job: updated, analysis: outcome.analysis };
}

/** The estimate for a job's stored mesh, rebuilding the mesh from the file when it is missing. */
export async function estimateJob(
  app: FastifyInstance,
  job: JobRow,
  parameters: PrintParameters,
  orientation?: Orientation | null,
) {
  // A part that fits only laid on a side is priced that way unless another face was chosen.
  orientation ??= (job.analysis as Analysis | null)?.fit_orientation ?? null;
  const current = job.meshPath;
  if (current?.endsWith('.plm.gz')) {
    try {
      return await app.models.estimate(job.userId, current, parameters, orientation);
    } catch (err) {
      if (!(err instanceof MeshMissingError)) throw err;
    }
  }
  // No usable mesh (a crash before it was written, or a mesh stored by an older version).
  const again = await reanalyzeJob(app, job, unitsOf(job));
  return app.models.estimate(job.userId, again.job.meshPath!, parameters, orientation);
}

/**
 * Refuses a job that cannot be printed: no printable volume (422 UNREADABLE_MODEL), or too large for the
 * printer (422 DOES_NOT_FIT, saying its size and the printer's).
 */
export function assertPrintable(job: JobRow) {
  const analysis = storedAnalysis(job);
  if (!analysis) {
    throw new AppError(
      422,
      'UNREADABLE_MODEL',
      `${job.fileName} could not be read again. Upload the file again to price it.`,
    );
  }
  const problem = printableProblem(analysis);
  if (problem) throw new AppError(422, 'UNREADABLE_MODEL', problem);
  if (!analysis.fits_build_volume) {
    const [x, y, z] = analysis.bbox.size.map((v) => Math.round(v * 10) / 10);
    throw new AppError(
      422,
      'DOES_NOT_FIT',
      `${job.fileName} (${x} × ${y} × ${z} mm) does not fit the printer (${HOUSE_PRINTER.x} × ${HOUSE_PRINTER.y} × ${HOUSE_PRINTER.z} mm). Check its units or scale it down.`,
    );
  }
}

/**
 * A saved quote: its parameters and its priced row, written together in `tx` (the calculator's save
 * and the public API's quotes alike). The figures are the server's `price` and `estimate`.
 */
export async function insertQuote(
  tx: Db,
  q: {
    job: JobRow;
    userId: string;
    parameters: QuoteParameters & { color?: string | null; orientation?: Orientation | null };
    price: Quote;
    estimate: EstimateResult;
    livemode?: boolean;
    productId?: string | null;
    /** The user's name for it; the file name when not given. */
    name?: string;
  },
) {
  const { job, parameters, price, estimate } = q;
  const params = await insertParameters(tx, job, parameters);
  const reference = await nextQuoteReference(tx, new Date());
  const [row] = await tx
    .insert(quotes)
    .values({
      jobId: job.id,
      userId: q.userId,
      parametersId: params.id,
      ...pricedColumns(price, estimate),
      status: 'pending',
      livemode: q.livemode,
      productId: q.productId,
      reference,
      name: q.name ?? defaultQuoteName(job.fileName),
    })
    .returning();
  return row!;
}

/** The longest name a saved quote may have. */
export const QUOTE_NAME_MAX = 120;

/** A quote's name before the user gives it one: its file name, cut to the limit. */
export function defaultQuoteName(fileName: string): string {
  return fileName.slice(0, QUOTE_NAME_MAX);
}

/**
 * The next quote reference, Q-<year>-<6 digits>, from the 'Q' series of the counters table in the
 * caller's transaction: allocated by the database, so two saves never share one and none is skipped.
 */
export async function nextQuoteReference(tx: Db, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series: 'Q', year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return `Q-${year}-${String(row!.last).padStart(6, '0')}`;
}

/** A quote's price columns, from the server's `price` and `estimate`. */
function pricedColumns(price: Quote, estimate: EstimateResult) {
  const pounds = (pence: number) => (pence / 100).toFixed(2);
  return {
    quantity: price.quantity,
    materialCost: pounds(price.material_pence),
    printTime: Math.round(estimate.print_time_s / 60),
    electricityCost: pounds(price.machine_pence),
    totalCost: pounds(price.total_pence),
    validUntil: new Date(price.valid_until),
    priceTableVersion: price.price_table_version,
    breakdown: price,
    estimate,
  };
}

async function insertParameters(
  tx: Db,
  job: JobRow,
  parameters: QuoteParameters & { color?: string | null; orientation?: Orientation | null },
) {
  const [params] = await tx
    .insert(printParameters)
    .values({
      jobId: job.id,
      layerHeight: parameters.layerHeight,
      filamentType: parameters.filamentType,
      printSpeed: parameters.printSpeed,
      infillPercentage: parameters.infillPercentage,
      supportRequired: parameters.supportRequired,
      postProcessing: parameters.postProcessing,
      units: job.units,
      color: parameters.color,
      orientation: parameters.orientation ? [...parameters.orientation] : null,
    })
    .returning({ id: printParameters.id });
  return params!;
}

/**
 * Re-prices a saved quote in place (the calculator's 'Update'): new parameters and figures, the same
 * id, reference and name. Only the owner's live quote is changed; null when there is none.
 */
export async function updateQuote(
  tx: Db,
  q: {
    id: string;
    job: JobRow;
    userId: string;
    parameters: QuoteParameters & { color?: string | null; orientation?: Orientation | null };
    price: Quote;
    estimate: EstimateResult;
  },
) {
  const [current] = await tx
    .select({ parametersId: quotes.parametersId })
    .from(quotes)
    .where(and(eq(quotes.id, q.id), eq(quotes.userId, q.userId), eq(quotes.livemode, true)))
    .for('update')
    .limit(1);
  if (!current) return null;
  const params = await insertParameters(tx, q.job, q.parameters);
  const [row] = await tx
    .update(quotes)
    .set({
      jobId: q.job.id,
      parametersId: params.id,
      ...pricedColumns(q.price, q.estimate),
      status: 'pending',
      updatedAt: new Date(),
    })
    .where(and(eq(quotes.id, q.id), eq(quotes.userId, q.userId)))
    .returning();
  await tx.delete(printParameters).where(eq(printParameters.id, current.parametersId));
  return row!;
}
