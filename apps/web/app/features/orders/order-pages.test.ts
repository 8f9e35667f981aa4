import type { OrderDto } from '@printloop/contracts';
import { describe, expect, it } from 'vitest';
import { initialPages, nextCursor, pagesReducer } from './order-pages';

const order = (id: string) => ({ id }) as OrderDto;
const page = (ids: string[], has_more: boolean) => ({
  object: 'list' as const,
  data: ids.map(order),
  has_more,
});

describe('orders a page at a time', () => {
  it('appends the next page after the cursor, without duplicates', () => {
    let s = pagesReducer(initialPages, {
      type: 'loaded',
      page: page(['ord_3', 'ord_2'], true),
      append: false,
    });
    expect(nextCursor(s)).toBe('ord_2');
    s = pagesReducer(s, { type: 'more' });
    expect(s.loadingMore).toBe(true);
    s = pagesReducer(s, { type: 'loaded', page: page(['ord_2', 'ord_1'], false), append: true });
    expect(s.orders.map((o) => o.id)).toEqual(['ord_3', 'ord_2', 'ord_1']);
    expect(s).toMatchObject({ hasMore: false, loadingMore: false, status: 'ready' });
    expect(nextCursor(s)).toBeUndefined();
  });

  it('keeps what is shown when "Load more" fails; a failed first page is the error; 403 is forbidden', () => {
    const ready = pagesReducer(initialPages, { type: 'loaded', page: page(['ord_1'], true), append: false });
    const more = pagesReducer(pagesReducer(ready, { type: 'more' }), {
      type: 'failed',
      message: 'Down',
      forbidden: false,
    });
    expect(more).toMatchObject({ status: 'ready', error: 'Down', loadingMore: false });
    expect(more.orders).toHaveLength(1);
    expect(pagesReducer(initialPages, { type: 'failed', message: 'Down', forbidden: false })).toMatchObject({
      status: 'error',
      error: 'Down',
    });
    expect(pagesReducer(ready, { type: 'failed', message: 'No', forbidden: true }).status).toBe('forbidden');
    expect(pagesReducer(ready, { type: 'reload' })).toEqual(initialPages);
  });
});
