import { buildShape, estimatePrint, prepareMesh, toBinaryStl } from '@printloop/estimate';
import { ORIENTATION_MESSAGE, orientPositions, parseModel } from '@printloop/geometry';
import { farmParameters, priceQuote, type QuoteParameters } from '@printloop/quote';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { printParameters, quotes } from '../../db/schema.js';
import { createTestApp, multipart, signedInUser, type TestApp, testDatabases } from '../../test-helpers.js';
import { savedQuoteLine } from './orders.js';

/** A gallows bracket standing up (Γ, 60 mm tall, its 40 mm arm at the top): the arm overhangs. */
const GALLOWS = toBinaryStl(
  buildShape({
    kind: 'profileXZ',
    args: [
      [
        [0, 0],
        [10, 0],
        [10, 50],
        [50, 50],
        [50, 60],
        [0, 60],
      ],
      10,
    ],
  }),
);
const ON_ITS_SIDE = [0, 1, 0] as const;

const parameters = {
  layerHeight: 0.2,
  filamentType: 'PLA',
  printSpeed: 60,
  infillPercentage: 20,
  supportRequired: true,
  postProcessing: [],
  color: 'black',
};

/** The calculator's figure: the browser's parse of the file, turned, estimated and priced. */
async function clientTotal(params: QuoteParameters, orientation: readonly [number, number, number] | null) {
  const { mesh } = await parseModel(GALLOWS, 'gallows.stl');
  const positions = orientation
    ? orientPositions(mesh.positions, mesh.triangleCount, orientation)
    : mesh.positions;
  const e = estimatePrint(
    prepareMesh({ positions, triangleCount: mesh.triangleCount }),
    farmParameters(params),
  );
  return priceQuote(e, params, { quantity: 1, postProcessing: params.postProcessing }).total_pence;
}

describe.each(testDatabases)('a saved quote turned onto another face on %s', (kind) => {
  let t: TestApp;
  let ada: { cookie: string; id: string };
  let jobId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { build: { logger: false } });
    ada = await signedInUser(t.app, 'ada@example.com');
    const mp = multipart('gallows.stl', GALLOWS);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: mp.payload,
      headers: { ...mp.headers, origin: t.app.config.publicUrl, cookie: ada.cookie },
    });
    expect(up.statusCode, up.body).toBe(201);
    jobId = up.json().job.id;
  });
  afterAll(() => t?.close());

  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: ada.cookie, origin: t.app.config.publicUrl },
      ...(payload ? { payload } : {}),
    });

  it('prices the stored mesh turned that way: the figure the calculator promised, not the upright one', async () => {
    const noSupports = { ...parameters, supportRequired: false } as QuoteParameters;
    const upright = await as('POST', '/api/quotes', { jobId, parameters: noSupports, quantity: 1 });
    expect(upright.statusCode, upright.body).toBe(201);
    const turned = await as('POST', '/api/quotes', {
      jobId,
      parameters: noSupports,
      quantity: 1,
      orientation: ON_ITS_SIDE,
    });
    expect(turned.statusCode, turned.body).toBe(201);
    const promised = await clientTotal(noSupports, ON_ITS_SIDE);
    expect(turned.json().quote.total_pence).toBe(promised);
    expect(turned.json().quote.total_pence).not.toBe(upright.json().quote.total_pence);
    expect(upright.json().quote.total_pence).toBe(await clientTotal(noSupports, null));
    // Fewer layers on its side.
    expect(turned.json().estimate.layers).toBeLessThan(upright.json().estimate.layers);

    // Kept with the saved quote, shown in the list and the detail.
    const id = turned.json().id;
    const [row] = await t.app.database.db
      .select({ o: printParameters.orientation })
      .from(quotes)
      .innerJoin(printParameters, eq(printParameters.id, quotes.parametersId))
      .where(eq(quotes.id, id));
    expect(row!.o).toEqual([...ON_ITS_SIDE]);
    const detail = (await as('GET', `/api/quotes/${id}`)).json();
    expect(detail.quote.orientation).toEqual([...ON_ITS_SIDE]);
    expect(detail.quote.total_pence).toBe(promised);

    // The preview agrees, and so does re-pricing it (Update) the same way.
    const preview = await as('POST', '/api/quotes/preview', {
      jobId,
      parameters: noSupports,
      quantity: 1,
      orientation: ON_ITS_SIDE,
    });
    expect(preview.json().quote.total_pence).toBe(promised);
    const again = await as('PUT', `/api/quotes/${id}`, {
      jobId,
      parameters: noSupports,
      quantity: 1,
      orientation: ON_ITS_SIDE,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().quote.total_pence).toBe(promised);

    // An order made from it carries the orientation on its line (and an expired quote is re-priced so).
    const line = await savedQuoteLine(t.app.database.db as Db, ada.id, id);
    expect(line.parameters.orientation).toEqual([...ON_ITS_SIDE]);
  });

  it('refuses an orientation that is not a unit normal, naming the field', async () => {
    for (const bad of [[0, 0.5, 0], 'side', [0, 1]]) {
      const res = await as('POST', '/api/quotes', { jobId, parameters, quantity: 1, orientation: bad });
      expect(res.statusCode, res.body).toBe(400);
      const fields = res.json().error.fields as Record<string, string>;
      expect(fields.orientation, res.body).toBe(ORIENTATION_MESSAGE);
    }
  });
});
