/** Hard limits that keep every parse bounded in time and memory. */

/** Largest accepted input file. Uploads are capped at 50 MB upstream; this bound is for the core itself
 * (a 1M-triangle ASCII STL is ~160 MB). */
export const MAX_INPUT_BYTES = 512 * 1024 * 1024;
/** Largest accepted triangle count after triangulation and 3MF component expansion (360 MB of floats). */
export const MAX_TRIANGLES = 10_000_000;
/** Largest total uncompressed size of the XML parts read from a 3MF archive. */
export const MAX_3MF_XML_BYTES = 512 * 1024 * 1024;
/** Deepest 3MF component nesting followed. */
export const MAX_3MF_DEPTH = 32;

/** The house printer's build volume in mm. */
export const HOUSE_PRINTER = { x: 250, y: 210, z: 210 } as const;
