#!/usr/bin/env node
/**
 * npm run -s estimate -- <file> --layer 0.2 --infill 20 --speed 60 --material PLA [--supports] [--units mm]
 * Prints one JSON object (the estimate); on failure `{"error": "..."}` and a non-zero exit. Pricing is
 * @printloop/quote's job (the estimator does not depend on it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isGeometryError, parseModel } from '@printloop/geometry';
import { ParameterError, parseParameters } from '@printloop/materials';
import { parseArgs, UsageError } from './args.js';
import { estimatePrint } from './estimate.js';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const params = parseParameters(args.params);
  const base = process.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(base, args.file);
  let data: Uint8Array;
  try {
    data = readFileSync(file);
  } catch {
    throw new UsageError(`Cannot read ${args.file}`);
  }
  const parsed = await parseModel(data, path.basename(file), args.units ? { units: args.units } : {});
  const est = estimatePrint(parsed.mesh, params);
  process.stdout.write(`${JSON.stringify(est)}\n`);
}

main().catch((err: unknown) => {
  const known = err instanceof UsageError || err instanceof ParameterError || isGeometryError(err);
  const message = err instanceof Error ? err.message : String(err);
  process.stdout.write(`${JSON.stringify({ error: known ? message : `Estimate failed: ${message}` })}\n`);
  process.exitCode = 1;
});
