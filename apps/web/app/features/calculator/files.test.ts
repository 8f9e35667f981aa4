import {
  ALLOWED_EXTENSIONS,
  isAllowedModelFile,
  MAX_UPLOAD_BYTES,
  uploadMessages,
} from '@printloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_EXTENSIONS,
  checkModelFile,
  FILE_MESSAGES,
  fileExtension,
  isStepFile,
  MAX_FILE_BYTES,
} from './files';

describe('checkModelFile', () => {
  it('accepts the five extensions in any case', () => {
    for (const name of ['a.stl', 'B.STL', 'c.Obj', 'd.3MF', 'e.step', 'f.STP', 'my.part.v2.stl']) {
      expect(checkModelFile({ name, size: 100 })).toBeNull();
    }
  });
  it('refuses other formats with the specified message', () => {
    for (const name of ['a.gcode', 'stl', '.stl', 'a.stl.zip', 'a', '.', 'a.', 'model.fbx']) {
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

describe('agreement with the server rules (@printloop/contracts)', () => {
  it('uses the same limit, extensions and messages', () => {
    expect(MAX_FILE_BYTES).toBe(MAX_UPLOAD_BYTES);
    expect([...ACCEPTED_EXTENSIONS]).toEqual([...ALLOWED_EXTENSIONS]);
    expect(FILE_MESSAGES.invalidFormat).toBe(uploadMessages.invalidFormat);
    expect(FILE_MESSAGES.tooLarge).toBe(uploadMessages.tooLarge);
    expect(FILE_MESSAGES.processing).toBe(uploadMessages.processing);
  });
  it('accepts exactly the names the server accepts', () => {
    for (const name of ['a.stl', 'A.STP', '.stl', 'x.3mf', 'x.3mf.bak', 'noext', 'a.Obj', 'a.step']) {
      expect(checkModelFile({ name, size: 1 }) === null).toBe(isAllowedModelFile(name));
    }
  });
});
