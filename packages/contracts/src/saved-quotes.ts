/**
 * Limits of saved quotes, as plain constants (no schemas here, so the browser can import them without
 * pulling the session API's schemas into its bundles).
 */

/** The longest name a saved quote may have. */
export const QUOTE_NAME_MAX = 120;
export const QUOTE_NAME_MESSAGE = `Give the quote a name of 1 to ${QUOTE_NAME_MAX} characters`;

/** The most bytes a quote's thumbnail (PNG or WebP, rendered in the browser) may have. */
export const QUOTE_THUMBNAIL_MAX_BYTES = 24 * 1024;
export const QUOTE_THUMBNAIL_TYPES = ['image/png', 'image/webp'] as const;
