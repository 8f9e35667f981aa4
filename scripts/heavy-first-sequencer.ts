import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (files that failed, then the longest, from its cache of the last run), except that
 * with no cache (a fresh clone, as in CI) it would run the largest files first: the estimator's
 * accuracy files are small but take a minute or more each, and started last they leave one core busy
 * after the others are done. They go first when the cache does not know them.
 */
const HEAVY = ['packages/estimate/src/corpus/corpus.test.ts', 'packages/estimate/src/estimate.test.ts'];

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = (spec: TestSpecification) =>
      !this.ctx.cache.getTestSpecificationResult(spec) &&
      HEAVY.some((file) => spec.moduleId.replaceAll('\\', '/').endsWith(file));
    return [...sorted.filter(heavy), ...sorted.filter((spec) => !heavy(spec))];
  }
}
