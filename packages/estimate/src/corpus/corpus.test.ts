import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimatePrint, GEOMETRY_OPTIONS } from '../estimate.js';
import { MoveKind } from '../planner.js';
import { layerGeometry, prepareMesh } from '../slice.js';
import { type CorpusRefs, leaveOneFamilyOut, scoreCorpus, summarise } from './evaluate.js';
import { signedVolume } from './mesh.js';
import { buildPart, CORPUS_FAMILIES } from './parts.js';

const refs = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../refs/corpus-refs.json'), 'utf8'),
) as CorpusRefs;

describe('the corpus', () => {
  it('has at least 60 open parts in at least 10 families, each sliced at the six jobs', () => {
    const open = refs.parts.filter((p) => !p.sealed);
    expect(open.length).toBeGreaterThanOrEqual(60);
    expect(new Set(open.map((p) => p.family)).size).toBeGreaterThanOrEqual(10);
    for (const p of refs.parts) expect(CORPUS_FAMILIES).toContain(p.family);
    expect(refs.jobs).toHaveLength(6);
  });

  it('rebuilds the same mesh from the same parameters', () => {
    for (const p of refs.parts.slice(0, 12)) {
      const a = buildPart(p.spec);
      const b = buildPart(p.spec);
      expect(a.triangleCount).toBe(b.triangleCount);
      expect(Buffer.from(a.positions.buffer).equals(Buffer.from(b.positions.buffer))).toBe(true);
    }
  });

  it('turns a profile about z into a closed solid (a sphere, a stepped spool)', () => {
    const volume = (spec: Parameters<typeof buildPart>[0]) => signedVolume(buildPart(spec));
    // a sphere of radius 10 from 64 profile rows and 128 sides: within 0.5 % of 4/3 π r³
    const rows: Array<[number, number]> = [];
    for (let k = 0; k <= 64; k++) {
      const t = (Math.PI * k) / 64;
      rows.push([10 * Math.sin(t), 10 - 10 * Math.cos(t)]);
    }
    expect(volume({ kind: 'turned', profile: rows, sides: 128 }) / ((4 / 3) * Math.PI * 1000)).toBeCloseTo(
      1,
      2,
    );
    // flanges 3 mm thick, r 20, on a core r 8 × 18 mm (horizontal steps): within 0.5 %
    const spool = volume({
      kind: 'turned',
      profile: [
        [20, 0],
        [20, 3],
        [8, 3],
        [8, 21],
        [20, 21],
        [20, 24],
      ],
      sides: 256,
    });
    expect(spool / (Math.PI * (2 * 400 * 3 + 64 * 18))).toBeCloseTo(1, 2);
  });

  /**
   * Stated tolerances, on the first two open parts of every family at all six jobs (the whole corpus
   * is `npm run -s accuracy`; this subset keeps the test under a minute), leave-one-family-out:
   * medians time ≤ 6 %, grams ≤ 3 %; every family's median time ≤ 15 %, grams ≤ 10 %; thin walls
   * (Arachne's beads) worst time ≤ 12 %.
   */
  it('stays within the stated tolerance, leave-one-family-out', () => {
    const firstTwo = new Set<string>();
    for (const family of CORPUS_FAMILIES) {
      for (const p of refs.parts.filter((x) => x.family === family && !x.sealed).slice(0, 2))
        firstTwo.add(p.name);
    }
    const subset: CorpusRefs = {
      ...refs,
      parts: refs.parts.filter((p) => firstTwo.has(p.name)),
      records: refs.records.filter((r) => firstTwo.has(r.name)),
    };
    const { errors } = leaveOneFamilyOut(scoreCorpus(subset));
    const overall = summarise(errors);
    expect(overall.records).toBeGreaterThan(100);
    expect(overall.timeMedian).toBeLessThan(6);
    expect(overall.gramsMedian).toBeLessThan(3);
    for (const family of new Set(errors.map((e) => e.family))) {
      const s = summarise(errors.filter((e) => e.family === family));
      expect(s.timeMedian, `${family} time median`).toBeLessThan(15);
      expect(s.gramsMedian, `${family} grams median`).toBeLessThan(10);
      if (family === 'thin-walls') expect(s.timeWorst, 'thin walls worst time').toBeLessThan(12);
    }
  }, 600_000); // ~80 s alone on a 2-core machine; in `npm test` it runs at low priority beside the browser

  /**
   * Two shapes the bead and fill rules were written for, raw estimates against their references:
   * an M3 nut (a ring thin at the flats and thick at the corners: its inner beads are closed loops
   * round the corners, run on through Arachne's transitions, and its middle bead runs wherever the
   * ring takes three beads, after Arachne's transition filter) within 11 % without supports (15.6 %
   * at 0.1 mm with the corners' beads as open pieces ending at the threshold; 20.4 % when one sample
   * at a stretch's middle decided),
   * and a keychain's letters (wedges where strokes meet, too thin for a fill line) within 12 %.
   */
  const pick = (name: string): CorpusRefs => ({
    ...refs,
    parts: refs.parts.filter((p) => p.name === name),
    records: refs.records.filter((r) => r.name === name && !r.params.supportRequired),
  });
  /** A part's five jobs without supports, each within `tolerance` % of PrusaSlicer's time. */
  const expectTimeWithin = (name: string, tolerance: number) => {
    const scored = scoreCorpus(pick(name));
    expect(scored.length, name).toBe(5);
    for (const r of scored)
      expect(Math.abs(r.rawTime / r.refTime - 1) * 100, `${name} ${JSON.stringify(r.params)}`).toBeLessThan(
        tolerance,
      );
  };

  const partNamed = (name: string) => {
    const part = refs.parts.find((p) => p.name === name);
    if (!part) throw new Error(`${name} is in the corpus`);
    return part;
  };
  /** A part's supports-on job: the estimate and PrusaSlicer's reference. */
  const withSupports = (name: string) => {
    const ref = refs.records.find((r) => r.name === name && r.params.supportRequired);
    if (!ref) throw new Error(`${name} has a supports-on reference`);
    return { e: estimatePrint(prepareMesh(buildPart(partNamed(name).spec)), ref.params), ref };
  };

  it('follows the varying ring of a nut and leaves the slivers of lettering unfilled', () => {
    for (const [name, tolerance] of [
      ['nut_m3', 11],
      ['keychain_xyz', 12],
    ] as const) {
      expectTimeWithin(name, tolerance);
    }
  });

  // An M2 nut (the eighth holdout's, looked at after its one measurement): a 1.0-1.3 mm ring, two
  // beads at the flats and three at the corners, where PrusaSlicer lays a short odd bead at about
  // half of them (each a travel: its threaded hole makes the corners' peaks differ, some past the
  // transition filter's reach, some not). Taken round as two beads all along (its thickness spread,
  // 0.15 mm, under the half bead spacing that then made a ring "varying") it was −11 to −17 %.
  // Since the filter dissolves the corners' runs of three first, as filterTransitionMids does (it
  // had dissolved runs of either count in turn, which left odd beads round a small gear's bore
  // where PrusaSlicer lays none), all six corners go: −8 to −17 % (1 s is 6 % of this 18 s part).
  it('lets a small ring whose thickness varies past the transition filter take the wall passes', () => {
    const scored = scoreCorpus(pick('nut_m2'), { sealed: true });
    expect(scored.length).toBe(5);
    for (const r of scored)
      expect(Math.abs(r.rawTime / r.refTime - 1) * 100, `nut_m2 ${JSON.stringify(r.params)}`).toBeLessThan(
        18,
      );
  });

  // Thin boxes whose corners are as the mesh has them: a 0.9 mm wall with shallow chamfers and a
  // 1.1 mm one with sharp square corners. Arachne adds no corner bead to either (its skeleton's circle
  // at a square corner is 1.17 × the wall, not the diagonal); counting the diagonal or the chamfer's
  // far vertex put one piece (a travel and a retraction) at every corner: +11 to +32 %.
  it("adds no corner beads where Arachne's widest circle in the wall does not take one", () => {
    for (const name of ['box_50x35x40_w0.9', 'box_30x30x25_w1.1']) {
      expectTimeWithin(name, 9);
    }
  });

  // Fins 0.4 mm thick (under one bead): Arachne lays one bead down each (l − w long); the external
  // pass, the outline moved in by half a bead, has nothing left there, and the estimate printed
  // nothing (−52 to −68 %). And a lattice of 1.2 mm bars: its 0.6 mm half-bars are one bead each (a
  // loop was laid), and the odd bead down each bar goes on through the junctions (it was printed in
  // pieces, a travel each): +18 to +30 % before. Stated tolerances: fins 5 %, the lattice 15 %.
  it('lays one bead down a part thinner than a bead, and the odd bead on through junctions', () => {
    for (const [name, tolerance] of [
      ['comb_fins_w0.4', 5],
      ['lattice_20_c5_b1.2', 15],
    ] as const) {
      expectTimeWithin(name, tolerance);
    }
  });

  // A plate of compound gears: their wall lines (loops round each gear and its bore, open pieces at
  // the teeth) were grouped under the external loop nearest each, in the order of those loops, and
  // travelled +4 to +7 %. PrusaSlicer's order (an external loop after the inner lines it encloses,
  // then the nearest first point, from where the last line ended): within 2.1 %. Stated: 3 %.
  it("orders a part's wall lines as PrusaSlicer orders Arachne's", () => {
    expectTimeWithin('kit_compound_gears', 3);
  });

  // Under a contact PrusaSlicer lays four dense layers: its top contact layer, then the profile's
  // three interface layers (the 2 mm lattice's G-code: 6.01, 6.31, 6.60 and 6.80 mm). Three were
  // laid here: the 1.6 mm lattice with supports −8.4 % grams, an M6 bolt −16 %. Stated: 5 %.
  it('lays the contact layer and three interface layers under a contact', () => {
    const { e, ref } = withSupports('lattice_30_c6_b1.6');
    expect(Math.abs(e.filament_g / ref.filament_g - 1)).toBeLessThan(0.05);
  });

  // Two 20 mm bridges over three posts, supports on: the raster's cells whose centres lie just
  // outside a layer (within half a cell of its outline) stood for an overhang's sliver and were kept
  // beside bridged walls whose stamps cover the layer's own cells next to them: a contact all along
  // one side of each span, +12.7 % time and +8.1 % grams. PrusaSlicer's overhang stops at the
  // outline: within 1.6 %. Stated tolerance 5 %.
  it("takes a bridged wall's stamp to the layer's edge", () => {
    const { e, ref } = withSupports('bridge_double_span');
    expect(Math.abs(e.print_time_s / ref.print_time_s - 1)).toBeLessThan(0.05);
    expect(Math.abs(e.filament_g / ref.filament_g - 1)).toBeLessThan(0.05);
  });

  // PrusaSlicer 2.5 does not retract a travel to a base support line that stays on the layer's
  // support (GCode::needs_retraction). Everywhere else a travel of retract_before_travel (2 mm) or
  // more retracts: a shelf bracket without supports has none unretracted, with supports it has
  // its base support's.
  it('travels between base support lines without retracting, and retracts everywhere else', () => {
    const prepared = prepareMesh(buildPart(partNamed('shelf_bracket').spec));
    const unretracted = (supportRequired: boolean) => {
      let count = 0;
      estimatePrint(prepared, { supportRequired }, undefined, {
        moves: (_layer, m) => {
          let retracted = false;
          for (let k = 0; k < m.count; k++) {
            if (m.kind[k] === MoveKind.retract) retracted ||= (m.de[k] as number) < 0;
            else if (m.kind[k] === MoveKind.extrude) retracted = false;
            else if (Math.hypot(m.dx[k] as number, m.dy[k] as number) >= 2 && !retracted) count++;
          }
        },
      });
      return count;
    };
    expect(unretracted(false)).toBe(0);
    expect(unretracted(true)).toBeGreaterThan(20);
  });

  // Round an M6 bolt's threaded shank PrusaSlicer lays every grid square of its support grid that
  // the thread's contact strips reach into; at 45° a strip covers the squares' shared corner (inside
  // the crest) with no raster cell centre in the corner square, and those squares were left out:
  // −13.8 % grams with supports. Stated tolerance 10 %.
  it('supports a thread in every grid square its contacts reach, corners too', () => {
    const { e, ref } = withSupports('bolt_m6x20_hex');
    expect(Math.abs(e.filament_g / ref.filament_g - 1)).toBeLessThan(0.1);
  });

  // Round a threaded rod PrusaSlicer fills each interface layer over the grid squares its contacts
  // reach, grown by half the support spacing (SupportGridPattern's expansion_to_slice), out to the
  // object's gap, its free line ends running on to the outline; and a thread's flanks have no
  // bridging contact (their wall loops do not start over air), so three contact layers feed each
  // interface layer, not four. Filled inside the squares' cells, with four: −9.4 % grams, −2.9 %
  // time; now within 2 %. Stated tolerance 4 %.
  it("fills a thread's interface over its grid squares grown by half a spacing", () => {
    const { e, ref } = withSupports('threaded_rod_m10x40');
    expect(Math.abs(e.filament_g / ref.filament_g - 1)).toBeLessThan(0.04);
    expect(Math.abs(e.print_time_s / ref.print_time_s - 1)).toBeLessThan(0.04);
  });

  // A 60 × 40 mm box with 1.2 mm walls (three beads, four at the corners): PrusaSlicer's G-code
  // travels 444 mm a layer (corner loops a side apart, then each side's middle bead from its far end);
  // the estimate travelled half the ring between the pieces: −5 to −8.5 %. Stated tolerance 5 %.
  it("travels a three-bead box's pieces in PrusaSlicer's order", () => {
    expectTimeWithin('box_60x40x30_w1.2', 5);
  });

  // A slab leaning at 60°, 5 × 30 mm in plan (the thirteenth holdout's, looked at since): its inner and
  // external loops have four equal corners. PrusaSlicer's G-code starts both at one corner on every
  // layer; the estimate took a corner of each, two sides apart at 0.3 mm (a 29 mm hop a layer), and
  // laid the skin on its sloped faces (a strip slanting across the lines) as one line per travel:
  // +10.9 % at 0.3 mm. Stated tolerance 3 %.
  it("starts a rectangle's loops at one corner and joins a sloped face's skin lines", () => {
    expectTimeWithin('lean_slab_a60', 3);
  });

  // A box drawn as CAD draws one, every corner sharp, 60 × 40 mm with 1.4 mm walls: three beads,
  // and the corners thick enough for four. PrusaSlicer's G-code has the corners' loops of the two
  // inner beads (12 travels, 547 mm a layer); the transition filter had dissolved them, and each
  // edge's corner circles were sampled too coarsely to find a square corner's widest: −15 to −17 %.
  // Stated tolerance 5 %.
  it("gives a sharp-cornered three-bead box's corners their inner loops", () => {
    expectTimeWithin('sharpbox_60x40x25_w1.4', 5);
  });

  // An upright T rib 1.2 mm thick: too thin for the inner pass (0.63 mm in from each side at
  // 0.2 mm) but three beads thick. PrusaSlicer's G-code lays the odd middle bead along it, 49 mm a
  // layer; the estimate laid none (−10 to −13 %). Stated tolerance 6 %.
  it('lays the middle bead of a wall too thin for the inner pass but three beads thick', () => {
    expectTimeWithin('rib_t30x20_w1.2', 6);
  });

  // An upright U channel with 1.3 mm walls: three beads, and its two inside corners thick enough for
  // four. PrusaSlicer's G-code lays a loop of the two inner beads round each corner before the
  // external loop, and the odd bead in three pieces, one an arm, ending at the loops (199 mm of
  // travel a layer); the estimate chained the odd bead through the corners (39 mm): −13 to −19 %.
  // Stated tolerance 9 %.
  it("gives a thin wall's lone inside corners their inner loops and ends its odd bead there", () => {
    expectTimeWithin('rib_u40x20_w1.3', 9);
  });

  // Bodies modelled into one another and exported as separate shells (two overlapping boxes, a box
  // inside a box, a washer overlapping a gear by a 1.3 mm² lens): PrusaSlicer slices their union. The
  // estimate walled every shell's outline and filled the overlaps twice: up to +24 % time and +58 %
  // grams over these parts' jobs. Stated tolerance: 4 % time and 6 % grams at every job, supports on
  // too.
  it('prints bodies modelled into one another as their union, as PrusaSlicer slices them', () => {
    for (const name of ['bodies_two_boxes', 'bodies_box_in_box', 'bodies_washer_gear']) {
      const scored = scoreCorpus({
        ...refs,
        parts: refs.parts.filter((p) => p.name === name),
        records: refs.records.filter((r) => r.name === name),
      });
      expect(scored.length, name).toBe(6);
      for (const r of scored) {
        const job = `${name} ${JSON.stringify(r.params)}`;
        expect(Math.abs(r.rawTime / r.refTime - 1) * 100, job).toBeLessThan(4);
        expect(Math.abs(r.rawGrams / r.refGrams - 1) * 100, job).toBeLessThan(6);
      }
    }
  });

  // A lattice of 1.6 mm bars at 0.1 mm: on the layer where the bars start, the raster (0.25 mm
  // cells) splits the outline at a neck, and the outer loop went to a 3 mm² sliver of a corner with
  // its 25 holes in the rest: the sliver's fill was the lattice's whole square, 1750 mm of skin a
  // layer. Grams were +24 % at 0.1 mm and +22 % at 0.3 mm. Stated tolerance: 5 %.
  it("gives a layer's loops to the island most of their length borders", () => {
    const part = partNamed('lattice_30_c6_b1.6');
    const prepared = prepareMesh(buildPart(part.spec));
    const layer = layerGeometry(prepared, 0.1, GEOMETRY_OPTIONS).islands[112] ?? [];
    const withLoops = layer.filter((island) => island.loops.length > 0);
    expect(withLoops).toHaveLength(1);
    expect(withLoops[0]?.loops.length).toBe(26); // the outer loop and its 25 holes
    for (const ref of refs.records.filter((r) => r.name === part.name && r.params.layerHeight !== 0.2)) {
      const e = estimatePrint(prepared, ref.params);
      expect(Math.abs(e.filament_g / ref.filament_g - 1), `${ref.params.layerHeight} mm`).toBeLessThan(0.05);
    }
  });

  // A 10 × 3 mm beam over a 6 mm gap, supports on: its bottom (bridge infill) is held by the posts
  // along the beam, so PrusaSlicer leaves it unsupported (149 s, 0.17 g, as without supports). The
  // direction was tried across the bridge after it had spread 3 mm into the fill area, out to the
  // beam's free ends: no line held at both ends, all of it supported (+36 % time, 0.19 g of support).
  // And a 1.6 mm beam, all beads: their 0.226 mm stamps meet across it, so PrusaSlicer leaves it
  // unsupported too (107 s); the walls' own stamps left slivers on the raster: +80 % time.
  it('leaves a beam with bridge infill, and a bar its beads cover, unsupported, as PrusaSlicer does', () => {
    for (const name of ['beam_w3_span6', 'beam_w1.6_span6']) {
      const { e, ref } = withSupports(name);
      expect(e.breakdown.support_g, name).toBe(0);
      // stated tolerance: within 5 % of PrusaSlicer's time
      expect(Math.abs(e.print_time_s / ref.print_time_s - 1), name).toBeLessThan(0.05);
    }
  });
});
