import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './app/config/paths';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // A single-page app whose public routes are prerendered to static HTML at build time
  // (docs/decisions/0003-prerendered-public-pages.md).
  ssr: false,
  prerender: prerenderPaths,
} satisfies Config;
