import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './scripts/heavy-first-sequencer.ts';

export default defineConfig({
  resolve: { conditions: ['@printloop/source'] },
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        resolve: { conditions: ['@printloop/source'] },
        ssr: { resolve: { conditions: ['@printloop/source'], externalConditions: ['@printloop/source'] } },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          // Timeouts guard against hangs; they are not speed checks (benchmarks are). In `npm test` this
          // run sits at a lower priority beside the browser, whose software WebGL can hold both cores of
          // a 2-core machine for a minute: a test that takes 3 s alone then took over 60 s in CI.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // Every file has its own databases (PGlite in memory, a fresh PostgreSQL database) and data
          // folder, so files run side by side on every core (`npm test` runs this project and the
          // end-to-end one as two Vitest runs side by side: scripts/test.ts).
          maxWorkers: '100%',
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page whose script takes a while to run (the interactive API reference blocks the main
          // thread ~1.2 s after load on a busy 2-core machine) answers a first locator call later
          // than expect.poll's default of 1 s.
          expect: { poll: { timeout: 10_000 } },
          // One built server and one browser are shared by the files: they run one at a time, first.
          fileParallelism: false,
          sequence: { groupOrder: 0 },
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
