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

/** The longest file name kept (the column's size); longer names lose part of their stem, never the extension. */
export const MAX_FILE_NAME_LENGTH = 255;

export const fileNameMessages = {
  controlCharacters:
    'The file name contains characters that are not allowed (control characters such as NUL).',
  empty: 'The file has no name.',
} as const;

/**
 * The name to store and show for an uploaded file: its base name, at most 255 characters with the
 * extension kept. Returns an error message instead for names with control characters (NUL and the
 * like), which no file system or database column should receive.
 */
export function cleanFileName(name: string): { ok: true; name: string } | { ok: false; message: string } {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(name)) return { ok: false, message: fileNameMessages.controlCharacters };
  const base = (name.split(/[\\/]/).pop() ?? '').trim();
  if (base.length === 0) return { ok: false, message: fileNameMessages.empty };
  const chars = [...base];
  if (chars.length <= MAX_FILE_NAME_LENGTH) return { ok: true, name: base };
  const ext = fileExtension(base);
  const stem = chars.slice(0, chars.length - ext.length).slice(0, MAX_FILE_NAME_LENGTH - ext.length);
  return { ok: true, name: `${stem.join('')}${ext}` };
}
