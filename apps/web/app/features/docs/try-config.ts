import type { createApiReference } from '@scalar/api-reference';

/** Scalar's configuration object, as `createApiReference(element, configuration)` takes it. */
export type TryItConfiguration = Parameters<typeof createApiReference>[1];

/** Where the server publishes its OpenAPI document (same origin as the page). */
export const OPENAPI_DOCUMENT_PATH = '/v1/openapi.json';

/**
 * The interactive reference's configuration (Scalar). Everything stays on this origin: the document,
 * the requests a developer sends (no proxy), no fonts or telemetry from elsewhere, no AI agent or MCP
 * buttons. The document's `servers[0]` is the server's PUBLIC_URL; requests go to the origin the page
 * was loaded from instead, so a local install works as is.
 */
export function tryItConfiguration(origin: string): TryItConfiguration {
  return {
    url: `${origin}${OPENAPI_DOCUMENT_PATH}`,
    baseServerURL: origin,
    servers: [{ url: origin, description: 'This server' }],
    authentication: { preferredSecurityScheme: 'apiKey' },
    persistAuth: false,
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    // "Open API Client" would send the document's URL (and a developer's key with it) to client.scalar.com.
    hideClientButton: true,
    showDeveloperTools: 'never',
    documentDownloadType: 'json',
    hideDarkModeToggle: true,
    forceDarkModeState: 'light',
    theme: 'default',
    layout: 'modern',
    operationTitleSource: 'summary',
    defaultOpenAllTags: false,
    // The site's navbar is sticky and 4rem tall: Scalar's sidebar and header sit below it.
    customCss: '.scalar-app { --scalar-custom-header-height: 4rem; }',
  };
}
