/** Hard limits that keep every parse bounded in time and memory. */

/** Largest accepted input file. Uploads are capped at 50 MB upstream; this bound is for the core itself
 * (a 1M-triangle ASCII STL is ~160 MB). */
export const MAX_INPUT_BYTES = 512 * 1024 * 1024;
/**
 * Largest accepted triangle count after triangulation and after 3MF build items and components are
 * placed (72 MB of floats). A 50 MB binary STL holds 1 M triangles; a small 3MF that places one object
 * hundreds of times must not become a 10 M-triangle job.
 */
export const MAX_TRIANGLES = 2_000_000;
/** Largest total inflated size of the XML parts read from a 3MF archive, counted while inflating
 * (2 M triangles take about 150 MB of 3MF XML). */
export const MAX_3MF_XML_BYTES = 200 * 1024 * 1024;
/** Deepest 3MF component nesting followed. */
export const MAX_3MF_DEPTH = 32;

/** The house printer (build volume x × y × z mm, nozzle, limits) is defined once, in @printloop/materials. */
export { HOUSE_PRINTER } from '@printloop/materials';
