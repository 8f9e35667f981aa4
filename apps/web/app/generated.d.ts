/**
 * The OpenAPI document the build writes before the web build (`npm run build:openapi`, gitignored).
 * When it exists its own JSON type is used; this declaration only lets the app typecheck before the
 * first build. The page's loader reads it as an `OpenApiDocument` either way.
 */
declare module '*/generated/openapi.json' {
  const document: unknown;
  export default document;
}
