#!/usr/bin/env node
/**
 * `npm run -s analyze -- <file> [--units mm|cm|in]`: prints one JSON object (the analysis), or
 * `{"error": "..."}` and a non-zero exit code.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { analyzeParsed, GeometryError, parseModel, type Units } from './index.js';
import { release } from './release.js';

function usage(): never {
  fail('Usage: npm run -s analyze -- <file> [--units mm|cm|in]', 2);
}

function fail(message: string, code = 1): never {
  process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let file: string | undefined;
  let units: Units | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--units' || a.startsWith('--units=')) {
      const v = a === '--units' ? args[++i] : a.slice('--units='.length);
      if (v !== 'mm' && v !== 'cm' && v !== 'in') fail(`Unknown units "${v ?? ''}": use mm, cm or in.`, 2);
      units = v;
    } else if (a === '--help' || a === '-h') usage();
    else if (a.startsWith('--')) fail(`Unknown option ${a}.`, 2);
    else if (file === undefined) file = a;
    else fail('Give exactly one file.', 2);
  }
  if (!file) usage();
  const base = process.env.INIT_CWD || process.cwd();
  const full = path.resolve(base, file);
  let data: Uint8Array;
  try {
    const buf = await readFile(full);
    data = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    fail(
      code === 'ENOENT'
        ? `File not found: ${file}`
        : code === 'EISDIR'
          ? `${file} is a folder, not a file.`
          : `Could not read ${file} (${code ?? 'unknown error'}).`,
    );
  }
  try {
    const name = path.basename(full);
    const parsed = await parseModel(data, name, units ? { units } : {});
    release(data); // the file's bytes are no longer needed: free them before the analysis
    const analysis = analyzeParsed(parsed, name);
    process.stdout.write(`${JSON.stringify(analysis)}\n`);
  } catch (err) {
    if (err instanceof GeometryError) fail(err.message);
    fail('The file could not be analysed because of an internal error.');
  }
}

main().catch(() => fail('The file could not be analysed because of an internal error.'));
