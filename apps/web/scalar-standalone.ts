import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:scalar-standalone';

/**
 * `import url from 'virtual:scalar-standalone'`: the URL of Scalar's prebuilt browser bundle
 * (@scalar/api-reference/dist/browser/standalone.js, which defines `window.Scalar`), emitted as a hashed
 * asset. The interactive reference loads it with a script tag instead of bundling Scalar's modules: they
 * would share zod with the app, and Rollup would then give every page the union of both's zod code.
 */
export function scalarStandalone(): Plugin {
  const file = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
    'browser',
    'standalone.js',
  );
  let serve = false;
  return {
    name: 'printloop:scalar-standalone',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(source) {
      return source === ID ? `\0${ID}` : null;
    },
    load(id) {
      if (id !== `\0${ID}`) return null;
      if (serve) return `export default ${JSON.stringify(`/@fs${file}`)};`;
      const ref = this.emitFile({ type: 'asset', name: 'scalar-standalone.js', source: readFileSync(file) });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
