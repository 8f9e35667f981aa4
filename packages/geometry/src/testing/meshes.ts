/**
 * Builders for small test meshes and files (binary/ASCII STL, OBJ, 3MF). Pure; used by the tests
 * and usable by other packages' tests.
 */
import { zipSync } from 'fflate';

export type Vec3 = [number, number, number];
export type Tri = [Vec3, Vec3, Vec3];

/** An axis-aligned box as 12 outward-facing triangles. */
export function box(min: Vec3, max: Vec3): Tri[] {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const v: Vec3[] = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
  const quads = [
    [0, 3, 2, 1], // bottom (normal -z)
    [4, 5, 6, 7], // top
    [0, 1, 5, 4], // front (-y)
    [2, 3, 7, 6], // back
    [1, 2, 6, 5], // right (+x)
    [3, 0, 4, 7], // left
  ];
  const tris: Tri[] = [];
  for (const [a, b, c, d] of quads) {
    tris.push([v[a!]!, v[b!]!, v[c!]!], [v[a!]!, v[c!]!, v[d!]!]);
  }
  return tris;
}

export function flipTri(t: Tri): Tri {
  return [t[0], t[2], t[1]];
}

export function binaryStl(tris: Tri[], header = 'binary stl'): Uint8Array {
  const out = new Uint8Array(84 + 50 * tris.length);
  const dv = new DataView(out.buffer);
  const h = new TextEncoder().encode(header).subarray(0, 80);
  out.set(h, 0);
  dv.setUint32(80, tris.length, true);
  tris.forEach((t, i) => {
    const o = 84 + 50 * i + 12;
    t.forEach((p, c) => {
      p.forEach((x, k) => {
        dv.setFloat32(o + 12 * c + 4 * k, x, true);
      });
    });
  });
  return out;
}

export function asciiStl(tris: Tri[], name = 'part', eol = '\n'): string {
  let s = `solid ${name}${eol}`;
  for (const t of tris) {
    s += `  facet normal 0 0 0${eol}    outer loop${eol}`;
    for (const p of t) s += `      vertex ${p[0]} ${p[1]} ${p[2]}${eol}`;
    s += `    endloop${eol}  endfacet${eol}`;
  }
  return `${s}endsolid ${name}${eol}`;
}

export function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export interface ThreeMfPart {
  /** Path of the model part inside the zip (default 3D/3dmodel.model). */
  path?: string;
  xml: string;
}

/** A 3MF package holding the given model parts (the first is the root). */
export function threeMf(parts: ThreeMfPart[] | string): Uint8Array {
  const list = typeof parts === 'string' ? [{ xml: parts }] : parts;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': bytes(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>',
    ),
  };
  const root = list[0]?.path ?? '3D/3dmodel.model';
  files['_rels/.rels'] = bytes(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/${root}" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>`,
  );
  for (const p of list) files[p.path ?? '3D/3dmodel.model'] = bytes(p.xml);
  return zipSync(files);
}

/** `<object>` XML for a mesh: welded vertices and triangles. */
export function meshObjectXml(id: number, tris: Tri[]): string {
  const index = new Map<string, number>();
  const verts: Vec3[] = [];
  const tv: number[][] = [];
  for (const t of tris) {
    tv.push(
      t.map((p) => {
        const key = p.join(',');
        let i = index.get(key);
        if (i === undefined) {
          i = verts.length;
          index.set(key, i);
          verts.push(p);
        }
        return i;
      }),
    );
  }
  return `<object id="${id}" type="model"><mesh><vertices>${verts
    .map((p) => `<vertex x="${p[0]}" y="${p[1]}" z="${p[2]}"/>`)
    .join('')}</vertices><triangles>${tv
    .map((t) => `<triangle v1="${t[0]}" v2="${t[1]}" v3="${t[2]}"/>`)
    .join('')}</triangles></mesh></object>`;
}

export function modelXml(unit: string, resources: string, build: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<model unit="${unit}" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02" xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06"><resources>${resources}</resources><build>${build}</build></model>`;
}

/**
 * A prism: a simple polygon in the x–z plane (counter-clockwise seen from −y, fanned from its first
 * vertex, which must see every other) extruded along y from 0 to `depth`, outward-facing triangles.
 */
export function prismXZ(profile: [number, number][], depth: number): Tri[] {
  const tris: Tri[] = [];
  const at = (p: [number, number], y: number): Vec3 => [p[0], y, p[1]];
  const m = profile.length;
  for (let i = 1; i + 1 < m; i++) {
    const a = profile[0]!;
    const b = profile[i]!;
    const c = profile[i + 1]!;
    // Seen from −y with x right and z up, counter-clockwise is outward for the y = 0 cap.
    tris.push([at(a, 0), at(b, 0), at(c, 0)], [at(a, depth), at(c, depth), at(b, depth)]);
  }
  for (let i = 0; i < m; i++) {
    const a = profile[i]!;
    const b = profile[(i + 1) % m]!;
    tris.push([at(a, 0), at(a, depth), at(b, depth)], [at(a, 0), at(b, depth), at(b, 0)]);
  }
  return tris;
}

/** Triangles as a flat triangle soup (x, y, z per vertex). */
export function soup(tris: Tri[]): Float32Array<ArrayBuffer> {
  return new Float32Array(tris.flat(2));
}

/**
 * A gallows bracket standing up (Γ, 10 mm thick, 60 mm tall, its 40 mm arm at the top): the arm's
 * underside overhangs, so standing it needs supports; on its side it needs none.
 */
export function gallows(): Tri[] {
  return prismXZ(
    [
      [10, 50],
      [50, 50],
      [50, 60],
      [0, 60],
      [0, 0],
      [10, 0],
    ],
    10,
  );
}
