import { describe, expect, it } from 'vitest';
import { ACCEPT_ATTRIBUTE, checkModelFile, fileExtension, isStepFile, MAX_FILE_BYTES } from './files';

describe('checkModelFile', () => {
  it('accepts the five extensions in any case', () => {
    for (const name of ['a.stl', 'B.STL', 'c.Obj', 'd.3MF', 'e.step', 'f.STP', 'my.part.v2.stl']) {
      expect(checkModelFile({ name, size: 100 })).toBeNull();
    }
  });
  it('refuses other formats with the specified message', () => {
    for (const name of ['a.gcode', 'stl', 'a.stl.zip', 'a', '.', 'a.', 'model.fbx']) {
      expect(checkModelFile({ name, size: 100 })).toBe(
        'Invalid file format. Please upload STL, OBJ, 3MF or STEP files.',
      );
    }
  });
  it('refuses files over 50 MB but not at exactly 50 MB', () => {
    expect(checkModelFile({ name: 'a.stl', size: MAX_FILE_BYTES })).toBeNull();
    expect(checkModelFile({ name: 'a.stl', size: MAX_FILE_BYTES + 1 })).toBe('File size exceeds 50MB limit.');
  });
  it('checks the format before the size', () => {
    expect(checkModelFile({ name: 'a.zip', size: MAX_FILE_BYTES * 2 })).toMatch(/Invalid file format/);
  });
  it('refuses empty files', () => {
    expect(checkModelFile({ name: 'a.stl', size: 0 })).toBe('The file is empty.');
  });
});

describe('helpers', () => {
  it('extracts extensions and spots STEP', () => {
    expect(fileExtension('x.Step')).toBe('.step');
    expect(fileExtension('noext')).toBe('');
    expect(isStepFile('a.STP')).toBe(true);
    expect(isStepFile('a.stl')).toBe(false);
    expect(ACCEPT_ATTRIBUTE).toBe('.stl,.obj,.3mf,.step,.stp');
  });
});
