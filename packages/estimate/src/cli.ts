#!/usr/bin/env node
/**
 * npm run -s estimate -- <file> --layer 0.2 --infill 20 --speed 60 --material PLA [--supports]
 *   [--post sanding,painting] [--quantity 1] [--units mm]
 * Prints one JSON object (estimate + price); on failure `{"error": "..."}` and a non-zero exit.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isGeometryError, parseModel, type Units } from '@printloop/geometry';
import {
  ParameterError,
  type PostProcessing,
  parseParameters,
  priceQuote,
  toPriceJson,
  validateQuantity,
} from '@printloop/quote';
import { estimatePrint } from './estimate.js';

class UsageError extends Error {}

interface CliArgs {
  file: string;
  params: Record<string, unknown>;
  quantity: number;
  units?: Units;
}

function num(flag: string, v: string | undefined): number {
  if (v === undefined || v.trim() === '' || !Number.isFinite(Number(v)))
    throw new UsageError(`${flag} needs a number (got ${v === undefined ? 'nothing' : JSON.stringify(v)})`);
  return Number(v);
}

export function parseArgs(argv: string[]): CliArgs {
  const params: Record<string, unknown> = {};
  let file: string | undefined;
  let quantity = 1;
  let units: Units | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = () => argv[++i];
    switch (a) {
      case '--layer':
      case '--layer-height':
        params.layerHeight = num(a, next());
        break;
      case '--infill':
        params.infillPercentage = num(a, next());
        break;
      case '--speed':
        params.printSpeed = num(a, next());
        break;
      case '--material':
      case '--filament':
        params.filamentType = String(next() ?? '').toUpperCase();
        break;
      case '--supports':
        params.supportRequired = true;
        break;
      case '--post': {
        const v = next() ?? '';
        params.postProcessing = v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter((s) => s.length > 0);
        break;
      }
      case '--quantity':
        quantity = num(a, next());
        break;
      case '--units': {
        const u = next();
        if (u !== 'mm' && u !== 'cm' && u !== 'in') throw new UsageError('--units must be mm, cm or in');
        units = u;
        break;
      }
      default:
        if (a.startsWith('--')) throw new UsageError(`Unknown option ${a}`);
        if (file !== undefined) throw new UsageError(`Only one model file, got ${file} and ${a}`);
        file = a;
    }
  }
  if (file === undefined)
    throw new UsageError(
      'Usage: estimate <file> --layer 0.2 --infill 20 --speed 60 --material PLA [--supports] [--post sanding,painting] [--quantity 1] [--units mm]',
    );
  return units ? { file, params, quantity, units } : { file, params, quantity };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const params = parseParameters(args.params);
  const q = validateQuantity(args.quantity);
  if (!q.ok) throw new ParameterError(q.errors);
  const base = process.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(base, args.file);
  let data: Uint8Array;
  try {
    data = await readFile(file);
  } catch {
    throw new UsageError(`Cannot read ${args.file}`);
  }
  const parsed = await parseModel(data, path.basename(file), args.units ? { units: args.units } : {});
  const est = estimatePrint(parsed.mesh, params);
  const quote = priceQuote(est, params, {
    quantity: q.value,
    postProcessing: params.postProcessing as PostProcessing[],
  });
  process.stdout.write(`${JSON.stringify({ ...est, price: toPriceJson(quote) })}\n`);
}

main().catch((err: unknown) => {
  const known = err instanceof UsageError || err instanceof ParameterError || isGeometryError(err);
  const message = err instanceof Error ? err.message : String(err);
  process.stdout.write(`${JSON.stringify({ error: known ? message : `Estimate failed: ${message}` })}\n`);
  process.exitCode = 1;
});
