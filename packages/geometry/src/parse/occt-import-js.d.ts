/** Minimal declaration of occt-import-js (OpenCascade compiled to WASM), which ships no types. */
declare module 'occt-import-js' {
  const factory: (moduleOverrides?: {
    locateFile?: (path: string, prefix: string) => string;
  }) => Promise<unknown>;
  export default factory;
}
