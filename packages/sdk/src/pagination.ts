/**
 * Paged lists. A list method returns a `PagePromise`: await it for the first `Page` (`data`,
 * `has_more`, `nextPage()`), or iterate it with `for await` to walk every object across pages,
 * following the `starting_after` cursor while `has_more` is true (or `ending_before`, backwards, when
 * the first request named `ending_before`).
 */
import type { ListParams, ListResponse } from './types.js';

export type FetchPage<T, P extends ListParams> = (params: P) => Promise<ListResponse<T>>;

export class Page<T extends { id: string }, P extends ListParams = ListParams>
  implements ListResponse<T>, AsyncIterable<T>
{
  readonly object = 'list' as const;
  readonly data: T[];
  readonly has_more: boolean;
  readonly #params: P;
  readonly #fetchPage: FetchPage<T, P>;

  constructor(response: ListResponse<T>, params: P, fetchPage: FetchPage<T, P>) {
    this.data = response.data;
    this.has_more = response.has_more;
    this.#params = params;
    this.#fetchPage = fetchPage;
  }

  /** Whether this walk goes towards newer objects (the first request named `ending_before`). */
  get #backwards(): boolean {
    return this.#params.ending_before !== undefined && this.#params.starting_after === undefined;
  }

  hasNextPage(): boolean {
    return this.has_more && this.data.length > 0;
  }

  /** The page after this one, in the direction of the walk. */
  async nextPage(): Promise<Page<T, P>> {
    if (!this.hasNextPage()) throw new RangeError('There is no next page (has_more is false).');
    const { starting_after: _after, ending_before: _before, ...rest } = this.#params;
    const params = (
      this.#backwards
        ? { ...rest, ending_before: this.data[0]!.id }
        : { ...rest, starting_after: this.data[this.data.length - 1]!.id }
    ) as P;
    return new Page(await this.#fetchPage(params), params, this.#fetchPage);
  }

  /** Every object from this page on. Lists are newest first; a backwards walk yields oldest first. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page: Page<T, P> = this;
    for (;;) {
      const items = page.#backwards ? [...page.data].reverse() : page.data;
      yield* items;
      if (!page.hasNextPage()) return;
      page = await page.nextPage();
    }
  }

  toJSON(): ListResponse<T> {
    return { object: this.object, data: this.data, has_more: this.has_more };
  }
}

/** The first page, as a promise (`await`) and as an iterable of every object (`for await`). */
export class PagePromise<T extends { id: string }, P extends ListParams = ListParams>
  implements PromiseLike<Page<T, P>>, AsyncIterable<T>
{
  readonly #params: P;
  readonly #fetchPage: FetchPage<T, P>;
  #first: Promise<Page<T, P>> | undefined;

  constructor(params: P, fetchPage: FetchPage<T, P>) {
    this.#params = params;
    this.#fetchPage = fetchPage;
  }

  /** The first page; requested once, on first use. */
  #page(): Promise<Page<T, P>> {
    this.#first ??= this.#fetchPage(this.#params).then(
      (response) => new Page(response, this.#params, this.#fetchPage),
    );
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is awaited like a promise, by design.
  then<R1 = Page<T, P>, R2 = never>(
    onfulfilled?: ((page: Page<T, P>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#page().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<T, P> | R> {
    return this.#page().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<T, P>> {
    return this.#page().finally(onfinally);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* await this.#page();
  }

  /** Every object of every page, into an array (stops at `limit` objects). */
  async toArray({ limit = 10_000 }: { limit?: number } = {}): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) {
      if (out.length >= limit) break;
      out.push(item);
    }
    return out;
  }
}
