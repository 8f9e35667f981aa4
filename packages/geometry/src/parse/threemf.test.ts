import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { GeometryError } from '../errors.js';
import { analyzeModel, parseModel } from '../index.js';
import { box, bytes, meshObjectXml, modelXml, threeMf } from '../testing/meshes.js';

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(GeometryError);
    return (err as GeometryError).code;
  }
  throw new Error('expected a GeometryError');
}

const cube10 = meshObjectXml(1, box([0, 0, 0], [10, 10, 10]));

describe('3MF', () => {
  it('converts every unit to mm', async () => {
    const cases: [string, number, string][] = [
      ['micron', 0.001, 'mm'],
      ['millimeter', 1, 'mm'],
      ['centimeter', 10, 'cm'],
      ['inch', 25.4, 'in'],
      ['foot', 304.8, 'mm'],
      ['meter', 1000, 'mm'],
    ];
    for (const [unit, scale, units] of cases) {
      const a = await analyzeModel(threeMf(modelXml(unit, cube10, '<item objectid="1"/>')), 'u.3mf');
      expect(a.units).toBe(units);
      expect(a.bbox.size[0]).toBeCloseTo(10 * scale, 4);
      expect(a.volume_mm3 / (1000 * scale ** 3)).toBeCloseTo(1, 6);
    }
  });

  it('defaults to millimetres when no unit is given', async () => {
    const xml = modelXml('millimeter', cube10, '<item objectid="1"/>').replace(' unit="millimeter"', '');
    const a = await analyzeModel(threeMf(xml), 'u.3mf');
    expect(a.volume_mm3).toBe(1000);
  });

  it('applies build item transforms and reads several objects and items', async () => {
    const res = cube10 + meshObjectXml(2, box([0, 0, 0], [5, 5, 5]));
    const build =
      '<item objectid="1" transform="1 0 0 0 1 0 0 0 1 100 50 0"/>' +
      '<item objectid="2" transform="2 0 0 0 2 0 0 0 2 0 0 0"/>' +
      '<item objectid="2" transform="0 1 0 -1 0 0 0 0 1 40 0 0"/>';
    const a = await analyzeModel(threeMf(modelXml('millimeter', res, build)), 'multi.3mf');
    expect(a.triangles).toBe(36);
    expect(a.shells).toBe(3);
    expect(a.volume_mm3).toBeCloseTo(1000 + 1000 + 125, 6);
    expect(a.bbox.min).toEqual([0, 0, 0]);
    expect(a.bbox.max).toEqual([110, 60, 10]);
  });

  it('expands an object made of components, nested, with transforms composed', async () => {
    const res =
      cube10 +
      '<object id="2" type="model"><components><component objectid="1"/><component objectid="1" transform="1 0 0 0 1 0 0 0 1 20 0 0"/></components></object>' +
      '<object id="3" type="model"><components><component objectid="2" transform="1 0 0 0 1 0 0 0 1 0 0 30"/><component objectid="1" transform="1 0 0 0 1 0 0 0 3 0 40 0"/></components></object>';
    const a = await analyzeModel(
      threeMf(modelXml('centimeter', res, '<item objectid="3" transform="1 0 0 0 1 0 0 0 1 1 0 0"/>')),
      'c.3mf',
    );
    expect(a.triangles).toBe(36);
    expect(a.shells).toBe(3);
    expect(a.volume_mm3).toBeCloseTo((1000 + 1000 + 3000) * 1000, 3);
    expect(a.bbox.min).toEqual([10, 0, 0]);
    expect(a.bbox.max).toEqual([310, 500, 400]);
    expect(a.watertight).toBe(true);
  });

  it('keeps a mirrored component outward-facing', async () => {
    const res = `${cube10}<object id="2" type="model"><components><component objectid="1" transform="-1 0 0 0 1 0 0 0 1 0 0 0"/></components></object>`;
    const a = await analyzeModel(threeMf(modelXml('millimeter', res, '<item objectid="2"/>')), 'm.3mf');
    expect(a.volume_mm3).toBe(1000);
    expect(a.warnings.some((w) => /inwards/.test(w))).toBe(false);
  });

  it('follows components in other model parts (production extension p:path)', async () => {
    const part = {
      path: '3D/Objects/part.model',
      xml: modelXml('millimeter', cube10, ''),
    };
    const root = {
      xml: modelXml(
        'millimeter',
        '<object id="5" type="model"><components><component p:path="/3D/Objects/part.model" objectid="1" transform="1 0 0 0 1 0 0 0 1 0 0 5"/></components></object>',
        '<item objectid="5"/>',
      ),
    };
    const a = await analyzeModel(threeMf([root, part]), 'prod.3mf');
    expect(a.triangles).toBe(12);
    expect(a.bbox.min).toEqual([0, 0, 5]);
  });

  it('copes with comments, CDATA, namespace prefixes, single quotes and odd whitespace', async () => {
    const xml = `<?xml version="1.0"?>\r\n<!-- exported -->\r\n<m:model xmlns:m="http://schemas.microsoft.com/3dmanufacturing/core/2015/02" unit = 'millimeter'>\r\n<m:metadata name="Title"><![CDATA[<not a tag>]]></m:metadata>\r\n<m:resources>${cube10.replace(/<(\/?)/g, '<$1m:').replace(/ x="/g, '\n\tx = "')}</m:resources>\r\n<m:build><m:item objectid='1'/></m:build></m:model>`;
    const a = await analyzeModel(threeMf(xml), 'ns.3mf');
    expect(a.triangles).toBe(12);
    expect(a.volume_mm3).toBe(1000);
  });

  it('gives typed errors for broken packages', async () => {
    expect(await code(parseModel(bytes('this is not a zip file at all, sorry'), 'x.3mf'))).toBe(
      'invalid_3mf',
    );
    expect(await code(parseModel(new Uint8Array(0), 'x.3mf'))).toBe('empty_file');
    const good = threeMf(modelXml('millimeter', cube10, '<item objectid="1"/>'));
    expect(await code(parseModel(good.subarray(0, good.length - 30), 'x.3mf'))).toBe('invalid_3mf');
    expect(await code(parseModel(zipSync({ 'readme.txt': bytes('hi') }), 'x.3mf'))).toBe('invalid_3mf');
    const missing = threeMf(modelXml('millimeter', cube10, '<item objectid="7"/>'));
    expect(await code(parseModel(missing, 'x.3mf'))).toBe('invalid_3mf');
    const cyclic = threeMf(
      modelXml(
        'millimeter',
        '<object id="1"><components><component objectid="2"/></components></object><object id="2"><components><component objectid="1"/></components></object>',
        '<item objectid="1"/>',
      ),
    );
    expect(await code(parseModel(cyclic, 'x.3mf'))).toBe('invalid_3mf');
    const badIndex = threeMf(
      modelXml('millimeter', cube10.replace('v3="2"', 'v3="99"'), '<item objectid="1"/>'),
    );
    expect(await code(parseModel(badIndex, 'x.3mf'))).toBe('index_out_of_range');
    const badNumber = threeMf(
      modelXml('millimeter', cube10.replace('x="10"', 'x="1e999"'), '<item objectid="1"/>'),
    );
    expect(await code(parseModel(badNumber, 'x.3mf'))).toBe('invalid_number');
    const nan = threeMf(modelXml('millimeter', cube10.replace('x="10"', 'x="NaN"'), '<item objectid="1"/>'));
    expect(await code(parseModel(nan, 'x.3mf'))).toBe('invalid_number');
    const badUnit = threeMf(modelXml('parsec', cube10, '<item objectid="1"/>'));
    expect(await code(parseModel(badUnit, 'x.3mf'))).toBe('invalid_3mf');
    const noItems = threeMf(modelXml('millimeter', cube10, ''));
    expect(await code(parseModel(noItems, 'x.3mf'))).toBe('no_triangles');
    const badTransform = threeMf(modelXml('millimeter', cube10, '<item objectid="1" transform="1 0 0"/>'));
    expect(await code(parseModel(badTransform, 'x.3mf'))).toBe('invalid_3mf');
  });

  it('refuses component fan-out beyond the triangle limit without building it', async () => {
    // Each level references the previous one 10 times: 12 * 10^7 triangles.
    let res = cube10;
    for (let level = 2; level <= 8; level++) {
      res += `<object id="${level}"><components>${'<component objectid="X"/>'.repeat(10).replace(/X/g, String(level - 1))}</components></object>`;
    }
    const t0 = performance.now();
    expect(
      await code(parseModel(threeMf(modelXml('millimeter', res, '<item objectid="8"/>')), 'bomb.3mf')),
    ).toBe('too_many_triangles');
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
