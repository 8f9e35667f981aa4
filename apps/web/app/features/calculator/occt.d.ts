/** occt-import-js (OpenCascade compiled to WASM) ships no types; the worker only calls its factory. */
declare module 'occt-import-js' {
  import type { OcctModule } from '@printloop/geometry';

  const factory: (overrides?: {
    locateFile?: (path: string, prefix: string) => string;
  }) => Promise<OcctModule>;
  export default factory;
}
