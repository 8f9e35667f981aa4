/** The URL of Scalar's browser bundle, emitted by the build (apps/web/scalar-standalone.ts). */
declare module 'virtual:scalar-standalone' {
  const url: string;
  export default url;
}
