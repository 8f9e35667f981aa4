import { describe, expect, it } from 'vitest';
import { PrintLoop } from './client.js';
import { NotFoundError } from './errors.js';
import { Page } from './pagination.js';
import { apiError, fakeFetch, json, type RecordedCall } from './testing/fake-fetch.js';

/** Orders ord_10 (newest) … ord_1, served `limit` at a time as the API pages them. */
function serveOrders(count: number) {
  const all = Array.from({ length: count }, (_, i) => ({ id: `ord_${count - i}`, object: 'order' }));
  return (call: RecordedCall) => {
    const q = new URL(call.url).searchParams;
    const limit = Number(q.get('limit') ?? 10);
    const after = q.get('starting_after');
    const before = q.get('ending_before');
    let page: typeof all;
    let more: boolean;
    if (before) {
      const end = all.findIndex((o) => o.id === before);
      const start = Math.max(0, end - limit);
      page = all.slice(start, end);
      more = start > 0;
    } else {
      const start = after ? all.findIndex((o) => o.id === after) + 1 : 0;
      page = all.slice(start, start + limit);
      more = start + limit < all.length;
    }
    return json(200, { object: 'list', data: page, has_more: more });
  };
}

function client(pages: number, serve: (call: RecordedCall) => Response) {
  const fake = fakeFetch(Array.from({ length: pages }, () => serve));
  return {
    pl: new PrintLoop({ apiKey: 'pl_test_abc', baseUrl: 'http://api.test', fetch: fake.fetch }),
    ...fake,
  };
}

describe('paged lists', () => {
  it('await gives the first page', async () => {
    const { pl, calls } = client(1, serveOrders(7));
    const page = await pl.orders.list({ limit: 3, status: 'queued' });
    expect(page).toBeInstanceOf(Page);
    expect(page.object).toBe('list');
    expect(page.data.map((o) => o.id)).toEqual(['ord_7', 'ord_6', 'ord_5']);
    expect(page.has_more).toBe(true);
    expect(page.hasNextPage()).toBe(true);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(page))).toEqual({ object: 'list', data: page.data, has_more: true });
  });

  it('for await follows starting_after while has_more, keeping the filters', async () => {
    const { pl, calls } = client(3, serveOrders(7));
    const ids: string[] = [];
    for await (const order of pl.orders.list({ limit: 3, status: 'queued' })) ids.push(order.id);
    expect(ids).toEqual(['ord_7', 'ord_6', 'ord_5', 'ord_4', 'ord_3', 'ord_2', 'ord_1']);
    expect(calls.map((c) => new URL(c.url).search)).toEqual([
      '?limit=3&status=queued',
      '?limit=3&status=queued&starting_after=ord_5',
      '?limit=3&status=queued&starting_after=ord_2',
    ]);
  });

  it('nextPage and toArray; a page iterates from itself on', async () => {
    const { pl } = client(5, serveOrders(5));
    const first = await pl.orders.list({ limit: 2 });
    const second = await first.nextPage();
    expect(second.data.map((o) => o.id)).toEqual(['ord_3', 'ord_2']);
    const rest: string[] = [];
    for await (const order of second) rest.push(order.id);
    expect(rest).toEqual(['ord_3', 'ord_2', 'ord_1']);
    expect((await pl.orders.list({ limit: 2 }).toArray({ limit: 3 })).map((o) => o.id)).toEqual([
      'ord_5',
      'ord_4',
      'ord_3',
    ]);
  });

  it('with ending_before, walks towards newer objects, oldest first', async () => {
    const { pl, calls } = client(3, serveOrders(7));
    const ids: string[] = [];
    for await (const order of pl.orders.list({ limit: 2, ending_before: 'ord_3' })) ids.push(order.id);
    expect(ids).toEqual(['ord_4', 'ord_5', 'ord_6', 'ord_7']);
    expect(new URL(calls[1]!.url).searchParams.get('ending_before')).toBe('ord_5');
  });

  it('stops on an empty page, and refuses nextPage at the end', async () => {
    const { pl, calls } = client(1, () => json(200, { object: 'list', data: [], has_more: true }));
    const items = await pl.events.list().toArray();
    expect(items).toEqual([]);
    expect(calls).toHaveLength(1);
    const last = new Page({ object: 'list', data: [], has_more: false }, {}, async () => {
      throw new Error('not called');
    });
    await expect(last.nextPage()).rejects.toThrow(RangeError);
  });

  it('requests the first page once, and a failure reaches the loop', async () => {
    const { pl, calls } = client(1, serveOrders(2));
    const list = pl.products.list();
    await list;
    await list;
    expect(calls).toHaveLength(1);

    const missing = fakeFetch([
      apiError(404, 'NOT_FOUND', 'No such order: ord_x', { param: 'starting_after' }),
    ]);
    const pl2 = new PrintLoop({ apiKey: 'pl_test_abc', fetch: missing.fetch });
    const loop = async () => {
      for await (const _ of pl2.orders.list({ starting_after: 'ord_x' })) {
        // nothing
      }
    };
    await expect(loop()).rejects.toBeInstanceOf(NotFoundError);
  });
});
