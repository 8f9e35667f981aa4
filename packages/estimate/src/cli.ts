#!/usr/bin/env node
/**
 * npm run -s estimate -- <file> --layer 0.2 --infill 20 --speed 60 --material PLA [--supports] [--units mm]
 * Prints one JSON object (the estimate); on failure `{"error": "..."}` and a non-zero exit. Pricing is
 * @printloop/quote's job (the estimator does not depend on it).
 *
 * A binary STL is read a block at a time into its positions (`parseBinaryStlFile`: its bytes are
 * never held whole). Another file is read whole while the parser and the estimator load (both take
 * tens of milliseconds on a large model), so the modules are imported dynamically after the read
 * has started.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { ReadAt } from '@printloop/geometry';
import { parseArgs, UsageError } from './args.js';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const base = process.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(base, args.file);
  const stl = path.extname(file).toLowerCase() === '.stl';
  let reading: Promise<Uint8Array> | null = stl ? null : readWhole(file);
  // (a failed read is reported after the modules load; until then it must not go unhandled)
  reading?.catch(() => undefined);
  const [{ parseBinaryStlFile, parseModel, release }, { parseParameters }, { estimatePrint }, threads] =
    await Promise.all([
      import('@printloop/geometry'),
      import('@printloop/materials'),
      import('./estimate.js'),
      import('./threads.js'),
    ]);
  const params = parseParameters(args.params);
  // the second thread starts now, so that its modules load while the file is read and parsed
  const worker = threads.threadsHelp(params) ? threads.startLayerWorker() : null;
  const options = args.units ? { units: args.units } : {};
  let parsed: Awaited<ReturnType<typeof parseModel>>;
  try {
    const streamed = stl
      ? readFile(args.file, file, (size, read) =>
          parseBinaryStlFile(size, read, path.basename(file), options),
        )
      : null;
    if (streamed) parsed = streamed;
    else {
      let data: Uint8Array | null;
      try {
        data = await (reading ?? readWhole(file));
      } catch {
        throw new UsageError(`Cannot read ${args.file}`);
      }
      parsed = await parseModel(data, path.basename(file), options);
      // the file's bytes are freed now, not at some later collection, which a small heap may not run
      // before the estimate ends (50 MB for a 1 M-triangle file; the peak memory was 45 MB higher)
      if (parsed.mesh.positions.buffer !== data.buffer) release(data);
      data = null;
      reading = null;
    }
  } catch (err) {
    await worker?.close();
    throw err;
  }
  const est = worker ? await worker.estimate(parsed.mesh, params) : estimatePrint(parsed.mesh, params);
  process.stdout.write(`${JSON.stringify(est)}\n`);
}

/** `parse` given the file's size and a positioned read of it (on this thread, blocking); a failed
 * open or read is reported as the file that cannot be read. */
function readFile<T>(name: string, file: string, parse: (size: number, read: ReadAt) => T): T {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    throw new UsageError(`Cannot read ${name}`);
  }
  let failed = false;
  try {
    return parse(fstatSync(fd).size, (into, length, position) => {
      try {
        return readSync(fd, into, 0, length, position);
      } catch {
        failed = true;
        return 0;
      }
    });
  } catch (err) {
    throw failed ? new UsageError(`Cannot read ${name}`) : err;
  } finally {
    closeSync(fd);
  }
}

/** The whole file in one read of its size on the thread pool (readFile reads 512 KB at a time: half
 * as fast again on a 50 MB model). */
async function readWhole(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    // (not zero-filled first: every byte is read into it)
    const data = Buffer.allocUnsafe(size);
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(data, offset, size - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return offset === size ? data : data.subarray(0, offset);
  } finally {
    await handle.close();
  }
}

main().catch(async (err: unknown) => {
  const [{ isGeometryError }, { ParameterError }] = await Promise.all([
    import('@printloop/geometry'),
    import('@printloop/materials'),
  ]);
  const known = err instanceof UsageError || err instanceof ParameterError || isGeometryError(err);
  const message = err instanceof Error ? err.message : String(err);
  process.stdout.write(`${JSON.stringify({ error: known ? message : `Estimate failed: ${message}` })}\n`);
  process.exitCode = 1;
});
