import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, printJobs, printParameters, quotes } from '../db/schema.js';
import { createTestApp, signedInUser, type TestApp, testDatabases } from '../test-helpers.js';
import { analysisFixture, estimateFixture, quoteFixture } from '../testing/fixtures.js';
import { sweepStorage } from './sweeper.js';

const HOUR = 3_600_000;

describe.each(testDatabases)('the storage sweeper on %s', (kind) => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { build: { logger: false } });
    userId = (await signedInUser(t.app, 'ada@example.com')).id;
  });
  afterAll(() => t?.close());

  const put = (key: string) => t.app.storage.put(key, Readable.from([Buffer.from('bytes')]));
  const keys = async () => {
    const out: string[] = [];
    for await (const o of t.app.storage.list('models/')) out.push(o.key);
    return out.sort();
  };
  const job = async (id: string, createdAt = new Date(), origin: 'calculator' | 'api' = 'calculator') => {
    const filePath = `models/${userId}/${id}/part.stl`;
    await put(filePath);
    await put(`models/${userId}/${id}/mesh-mm.plm.gz`);
    await t.app.database.db.insert(printJobs).values({
      id,
      userId,
      filePath,
      fileName: 'part.stl',
      fileSize: 5,
      format: 'stl-binary',
      analysis: analysisFixture(),
      meshPath: `models/${userId}/${id}/mesh-mm.plm.gz`,
      origin,
      createdAt,
    });
    return filePath;
  };

  it('removes objects no job owns once they are old enough, and keeps everything owned or recent', async () => {
    const kept = await job('11111111-1111-4111-8111-111111111111');
    // A crash after storing the upload but before its row: no job owns it.
    await put(`models/${userId}/22222222-2222-4222-8222-222222222222/crashed.stl`);
    // A crash mid-stream leaves the temporary file of a put.
    await put(
      `models/${userId}/33333333-3333-4333-8333-333333333333/big.stl.0c1d2e3f-aaaa-4bbb-8ccc-123456789abc.part`,
    );
    // A mesh for units the job no longer uses.
    await put(`models/${userId}/11111111-1111-4111-8111-111111111111/mesh-in.plm.gz`);

    // Too recent: nothing goes.
    const early = await sweepStorage(t.app, {
      minAgeMs: HOUR,
      unsavedJobTtlMs: 24 * HOUR,
      apiFileTtlMs: 30 * 24 * HOUR,
    });
    expect(early.orphans).toBe(0);
    expect((await keys()).length).toBe(5);

    // An hour later, the three orphans go and the job's own two objects stay.
    const later = await sweepStorage(t.app, {
      minAgeMs: HOUR,
      unsavedJobTtlMs: 24 * HOUR,
      apiFileTtlMs: 30 * 24 * HOUR,
      now: new Date(Date.now() + HOUR + 60_000),
    });
    expect(later.orphans).toBe(3);
    expect(await keys()).toEqual(
      [kept, `models/${userId}/11111111-1111-4111-8111-111111111111/mesh-mm.plm.gz`].sort(),
    );
  });

  it('removes uploads never saved in a quote after the retention, with their files', async () => {
    const old = new Date(Date.now() - 25 * HOUR);
    await job('44444444-4444-4444-8444-444444444444', old);
    const savedFile = await job('55555555-5555-4555-8555-555555555555', old);
    const [params] = await t.app.database.db
      .insert(printParameters)
      .values({
        jobId: '55555555-5555-4555-8555-555555555555',
        layerHeight: 0.2,
        filamentType: 'PLA',
        printSpeed: 60,
        infillPercentage: 20,
        supportRequired: false,
        postProcessing: [],
      })
      .returning();
    await t.app.database.db.insert(quotes).values({
      jobId: '55555555-5555-4555-8555-555555555555',
      userId,
      reference: 'Q-2026-900001',
      name: 'saved.stl',
      parametersId: params!.id,
      materialCost: '1.00',
      printTime: 10,
      electricityCost: '1.00',
      totalCost: '5.00',
      validUntil: new Date(),
      priceTableVersion: 'test',
      breakdown: quoteFixture(),
      estimate: estimateFixture(),
    });
    const r = await sweepStorage(t.app, {
      minAgeMs: HOUR,
      unsavedJobTtlMs: 24 * HOUR,
      apiFileTtlMs: 30 * 24 * HOUR,
    });
    expect(r.unsavedJobs).toBe(1);
    const rows = await t.app.database.db.select({ id: printJobs.id }).from(printJobs);
    expect(rows.map((x) => x.id)).not.toContain('44444444-4444-4444-8444-444444444444');
    expect(rows.map((x) => x.id)).toContain('55555555-5555-4555-8555-555555555555');
    const left = await keys();
    expect(left.some((k) => k.includes('44444444-4444'))).toBe(false);
    expect(left).toContain(savedFile);
    const [row] = await t.app.database.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.id, '55555555-5555-4555-8555-555555555555'));
    expect(row).toBeTruthy();
  });

  it("removes thumbnails no saved quote refers to, and keeps the saved quotes' own", async () => {
    const own = `thumbnails/${userId}/saved.png`;
    const orphan = `thumbnails/${userId}/gone.png`;
    await put(own);
    await put(orphan);
    await t.app.database.db
      .update(quotes)
      .set({ thumbnailPath: own })
      .where(eq(quotes.jobId, '55555555-5555-4555-8555-555555555555'));
    const opts = { minAgeMs: HOUR, unsavedJobTtlMs: 24 * HOUR, apiFileTtlMs: 30 * 24 * HOUR };
    await sweepStorage(t.app, opts);
    const thumbs = async () => {
      const out: string[] = [];
      for await (const o of t.app.storage.list('thumbnails/')) out.push(o.key);
      return out.sort();
    };
    // Too recent: both stay.
    expect(await thumbs()).toEqual([orphan, own].sort());
    await sweepStorage(t.app, { ...opts, now: new Date(Date.now() + 2 * HOUR) });
    expect(await thumbs()).toEqual([own]);
  });

  it('keeps files uploaded through the API for their own, longer retention', async () => {
    const day = 24 * HOUR;
    await job('66666666-6666-4666-8666-666666666666', new Date(Date.now() - 2 * day), 'api');
    await job('77777777-7777-4777-8777-777777777777', new Date(Date.now() - 31 * day), 'api');
    const r = await sweepStorage(t.app, { minAgeMs: HOUR, unsavedJobTtlMs: day, apiFileTtlMs: 30 * day });
    expect(r.unsavedJobs).toBe(1);
    const ids = (await t.app.database.db.select({ id: printJobs.id }).from(printJobs)).map((x) => x.id);
    expect(ids).toContain('66666666-6666-4666-8666-666666666666');
    expect(ids).not.toContain('77777777-7777-4777-8777-777777777777');
  });

  it('forgets idempotency keys after 24 hours', async () => {
    await t.app.database.db.insert(idempotencyKeys).values([
      {
        userId,
        livemode: false,
        key: 'old',
        fingerprint: 'f',
        state: 'done',
        createdAt: new Date(Date.now() - 25 * HOUR),
      },
      { userId, livemode: false, key: 'new', fingerprint: 'f', state: 'done' },
    ]);
    const r = await sweepStorage(t.app, {
      minAgeMs: HOUR,
      unsavedJobTtlMs: 24 * HOUR,
      apiFileTtlMs: 30 * 24 * HOUR,
    });
    expect(r.idempotencyKeys).toBe(1);
    const left = await t.app.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((k) => k.key)).toEqual(['new']);
  });
});
