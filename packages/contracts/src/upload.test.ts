import { describe, expect, it } from 'vitest';
import { fileExtension, isAllowedModelFile, safeFileName } from './upload.js';

describe('upload rules', () => {
  it('accepts the five model extensions in any case', () => {
    for (const n of ['a.stl', 'B.STL', 'c.Obj', 'd.3MF', 'e.step', 'f.STP'])
      expect(isAllowedModelFile(n)).toBe(true);
    for (const n of ['a.gcode', 'stl', '.stl', 'model.stl.exe', 'a.zip', 'noext'])
      expect(isAllowedModelFile(n)).toBe(false);
  });

  it('finds the last extension', () => {
    expect(fileExtension('part.v2.STL')).toBe('.stl');
    expect(fileExtension('README')).toBe('');
  });

  it('makes names safe for a storage key and keeps the extension', () => {
    expect(safeFileName('../../etc/passwd.stl')).toBe('passwd.stl');
    expect(safeFileName('C:\\Users\\me\\Bracket (final) v2.STL')).toBe('Bracket-final-v2.STL');
    expect(safeFileName('Ünïcödé näme.obj')).toBe('Unicode-name.obj');
    expect(safeFileName('.hidden.3mf')).toBe('hidden.3mf');
    expect(safeFileName('???.step')).toBe('model.step');
    expect(safeFileName(`${'x'.repeat(300)}.stl`)).toHaveLength(100);
    expect(safeFileName('a b/c d.stl')).toMatch(/^[\w.-]+$/);
  });
});
