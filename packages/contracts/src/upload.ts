/** Upload rules shared by the calculator (checked before upload) and the server (checked again). */

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const ALLOWED_EXTENSIONS = ['.stl', '.obj', '.3mf', '.step', '.stp'] as const;
export const UNITS = ['mm', 'cm', 'in'] as const;
export type UploadUnits = (typeof UNITS)[number];

export const uploadMessages = {
  invalidFormat: 'Invalid file format. Please upload STL, OBJ, 3MF or STEP files.',
  tooLarge: 'File size exceeds 50MB limit.',
  processing: 'Error processing file. Please try again.',
  saving: 'Error saving quote. Please try again.',
  noFile: 'Please choose a file to upload.',
} as const;

/** The lower-cased extension of a file name, with its dot ('' when there is none). */
export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i <= 0 ? '' : name.slice(i).toLowerCase();
}

export function isAllowedModelFile(name: string): boolean {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/**
 * A file name safe for a storage key: the base name only, ASCII letters, digits, dot, dash and
 * underscore, at most 100 characters, keeping the extension.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const ext = base.slice(base.length - fileExtension(base).length);
  const stem = base
    .slice(0, base.length - ext.length)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 100 - ext.length);
  return `${stem || 'model'}${ext.replace(/[^\w.]/g, '')}`;
}
