/** Command-line arguments of `npm run -s estimate` (pure). */
import type { Units } from '@printloop/geometry';

/** A command-line mistake: reported as {"error": message}. */
export class UsageError extends Error {}

export interface CliArgs {
  file: string;
  params: Record<string, unknown>;
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
      'Usage: estimate <file> --layer 0.2 --infill 20 --speed 60 --material PLA [--supports] [--units mm]',
    );
  return units ? { file, params, units } : { file, params };
}
