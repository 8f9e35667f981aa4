import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { nextQuoteReference } from '../jobs/jobs.js';
import type { Db } from './client.js';
import * as schema from './schema.js';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
const TAG = '0011_saved_quote_references';

describe('migration 0011: saved quote references and names', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('numbers the quotes saved before it by year, in saving order, names them after their files, and carries on from there', async () => {
    // The migrations up to the one before 0011.
    const before = await mkdtemp(path.join(os.tmpdir(), 'printloop-mig-'));
    dirs.push(before);
    await cp(migrations, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8'));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag === TAG);
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    await writeFile(journalPath, JSON.stringify(journal));

    const client = new PGlite();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into "user" (id, name, email) values ('u1', 'Ada', 'ada@example.com');
      insert into print_jobs (id, user_id, file_path, file_name, file_size, format, analysis)
        values ('11111111-1111-4111-8111-111111111111', 'u1', 'models/u1/a/a.stl', 'bracket.stl', 10, 'stl', '{}'),
               ('22222222-2222-4222-8222-222222222222', 'u1', 'models/u1/b/b.stl', '${'x'.repeat(200)}.stl', 10, 'stl', '{}');
      insert into print_parameters (id, job_id, layer_height, filament_type, print_speed, infill_percentage, support_required, post_processing)
        values ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 0.2, 'PLA', 60, 20, false, '[]'),
               ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', 0.2, 'PLA', 60, 20, false, '[]'),
               ('aaaaaaaa-0000-4000-8000-000000000003', '22222222-2222-4222-8222-222222222222', 0.2, 'PLA', 60, 20, false, '[]');
      insert into quotes (id, job_id, user_id, parameters_id, material_cost, print_time, electricity_cost, total_cost, valid_until, price_table_version, breakdown, estimate, created_at)
        values
        ('bbbbbbbb-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'u1', 'aaaaaaaa-0000-4000-8000-000000000001', 1, 1, 1, 1, now(), 'v', '{}', '{}', '2026-03-01T10:00:00Z'),
        ('bbbbbbbb-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', 'u1', 'aaaaaaaa-0000-4000-8000-000000000002', 1, 1, 1, 1, now(), 'v', '{}', '{}', '2025-12-31T23:00:00Z'),
        ('bbbbbbbb-0000-4000-8000-000000000003', '22222222-2222-4222-8222-222222222222', 'u1', 'aaaaaaaa-0000-4000-8000-000000000003', 1, 1, 1, 1, now(), 'v', '{}', '{}', '2026-01-15T09:00:00Z');
    `);

    await migrate(db, { migrationsFolder: migrations });
    const rows = await client.query<{ id: string; reference: string; name: string }>(
      'select id, reference, name from quotes order by id',
    );
    expect(rows.rows.map((r) => r.reference)).toEqual(['Q-2026-000002', 'Q-2025-000001', 'Q-2026-000001']);
    expect(rows.rows[0]!.name).toBe('bracket.stl');
    expect(rows.rows[2]!.name).toBe('x'.repeat(120));
    // New quotes carry on after the numbers the old ones took.
    expect(await nextQuoteReference(db as unknown as Db, new Date('2026-06-01T00:00:00Z'))).toBe(
      'Q-2026-000003',
    );
    expect(await nextQuoteReference(db as unknown as Db, new Date('2027-01-01T00:00:00Z'))).toBe(
      'Q-2027-000001',
    );
    // The reference is unique.
    await expect(
      client.exec(
        `update quotes set reference = 'Q-2026-000001' where id = 'bbbbbbbb-0000-4000-8000-000000000001'`,
      ),
    ).rejects.toThrow();
    await client.close();
  });
});
