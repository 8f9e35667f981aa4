/**
 * Facts the documentation pages state about the API. The API reference itself is generated from the
 * OpenAPI document; the samples are in samples.ts.
 */

/** The hosted API's origin; self-hosted installs serve the same API at `{your origin}/v1`. */
export const apiOrigin = 'https://api.printloop.example.com';
export const apiBaseUrl = `${apiOrigin}/v1`;
export const jsSdkPackage = '@printloop/sdk';
export const pythonSdkPackage = 'printloop';
