/**
 * Checks made on a chosen file before it is parsed or uploaded (the server checks again with
 * @printloop/contracts; files.test.ts holds both to the same rules). Kept here rather than imported
 * so the calculator chunk does not pull in zod.
 */

export const ACCEPTED_EXTENSIONS = ['.stl', '.obj', '.3mf', '.step', '.stp'] as const;
/** The `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');
/** 50 MB (binary megabytes, as the size is shown: bytes / 1024²). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export const FILE_MESSAGES = {
  invalidFormat: 'Invalid file format. Please upload STL, OBJ, 3MF or STEP files.',
  tooLarge: 'File size exceeds 50MB limit.',
  empty: 'The file is empty.',
  processing: 'Error processing file. Please try again.',
} as const;

/** The lower-cased extension with its dot ('' when there is none; '.stl' alone has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** The message for a file we refuse, or null when it may be uploaded. */
export function checkModelFile(file: { name: string; size: number }): string | null {
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return FILE_MESSAGES.invalidFormat;
  if (file.size > MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge;
  if (file.size === 0) return FILE_MESSAGES.empty;
  return null;
}

export function isStepFile(name: string): boolean {
  const ext = fileExtension(name);
  return ext === '.step' || ext === '.stp';
}

/** Formats whose files carry no unit (the units switch applies to them). */
export function isUnitlessFormat(format: string): boolean {
  return format === 'stl-binary' || format === 'stl-ascii' || format === 'obj';
}
