import { describe, expect, it } from 'vitest';
import { DEFAULT_FARM_PRINTERS, FleetSpecError, parseFleet } from './fleet.js';

describe('FARM_PRINTERS', () => {
  it('defaults to 24 house printers called P01 to P24', () => {
    const fleet = parseFleet(DEFAULT_FARM_PRINTERS);
    expect(fleet).toHaveLength(24);
    expect(fleet[0]).toEqual({
      name: 'P01',
      model: 'house',
      volume: { x: 250, y: 210, z: 210 },
      material: 'PLA',
      color: 'black',
    });
    expect(fleet.at(-1)!.name).toBe('P24');
  });

  it('reads ranges, single names, materials and colours', () => {
    const fleet = parseFleet('A1-A3:PETG:white, Big:TPU , B08-B10');
    expect(fleet.map((p) => `${p.name}/${p.material}/${p.color}`)).toEqual([
      'A1/PETG/white',
      'A2/PETG/white',
      'A3/PETG/white',
      'Big/TPU/black',
      'B08/PLA/black',
      'B09/PLA/black',
      'B10/PLA/black',
    ]);
  });

  it('refuses bad values with a message that names the entry', () => {
    for (const [spec, message] of [
      ['', /names no printer/],
      ['P01-P03:WOOD', /material must be one of PLA/],
      ['P03-P01', /runs backwards/],
      ['P01,P01', /named twice/],
      ['P01:PLA:Black!', /colour/],
      ['P1-P5000', /At most 1000/],
      ['../etc', /not a printer name/],
      ['P01:PLA:black:extra', /NAMES\[:MATERIAL/],
    ] as const) {
      expect(() => parseFleet(spec), spec).toThrow(FleetSpecError);
      expect(() => parseFleet(spec), spec).toThrow(message);
    }
  });
});
