import type { FarmJobDto, StageTiming } from '@printloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  chartSeries,
  chartSummary,
  chartTableRows,
  completionText,
  dashboardQueryString,
  exportHref,
  filtersFromParams,
  formatDuration,
  formatGBP,
  formatMinutes,
  leadTimeText,
  nextPlannedJob,
  percent,
  pointLabel,
  printerActions,
  stageVerdictText,
} from './format';

describe('formatDuration', () => {
  it.each([
    [null, '—'],
    [0, '0 min'],
    [-5, '0 min'],
    [30, 'under 1 min'],
    [60, '1 min'],
    [45 * 60, '45 min'],
    [3600, '1 h'],
    [2 * 3600 + 15 * 60, '2 h 15 min'],
    [24 * 3600, '1 d'],
    [27 * 3600 + 20 * 60, '1 d 3 h'],
    [Number.NaN, '—'],
  ])('%s s reads %s', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });

  it('words stage minutes the same way', () => {
    expect(formatMinutes(125)).toBe('2 h 5 min');
    expect(formatMinutes(null)).toBe('—');
  });
});

describe('money and shares', () => {
  it('shows pence as pounds', () => {
    expect(formatGBP(123456)).toBe('£1,234.56');
    expect(formatGBP(0)).toBe('£0.00');
  });
  it('rounds and clamps a share to a percentage', () => {
    expect(percent(0.854)).toBe(85);
    expect(percent(1.2)).toBe(100);
    expect(percent(-1)).toBe(0);
    expect(percent(Number.NaN)).toBe(0);
  });
});

describe('filters, query and the export link', () => {
  it('reads only what the contract accepts from the URL', () => {
    expect(filtersFromParams(new URLSearchParams('status=printing&priority=high&q=%20cube%20'))).toEqual({
      status: 'printing',
      priority: 'high',
      q: 'cube',
    });
    expect(filtersFromParams(new URLSearchParams('status=lost&priority=urgent&q=%20'))).toEqual({
      status: undefined,
      priority: undefined,
      q: undefined,
    });
  });

  it('builds the query from defined values only', () => {
    expect(dashboardQueryString({})).toBe('');
    expect(dashboardQueryString({ status: 'queued', q: ' ord_1 ', limit: 25, cursor: 'abc' })).toBe(
      '?status=queued&q=ord_1&cursor=abc&limit=25',
    );
  });

  it('links the CSV with the same filters, never a cursor', () => {
    expect(exportHref({})).toBe('/api/dashboard/orders.csv');
    expect(exportHref({ status: 'packaging', priority: 'normal', q: 'a&b' })).toBe(
      '/api/dashboard/orders.csv?status=packaging&priority=normal&q=a%26b',
    );
  });
});

describe('times', () => {
  const now = '2025-07-14T12:00:00.000Z'; // 13:00 in London (BST)
  it('says when the queue clears, with the clock time', () => {
    expect(completionText('2025-07-14T14:15:00.000Z', now)).toBe('2 h 15 min (15:15)');
    expect(completionText('2025-07-15T09:00:00.000Z', now)).toBe('21 h (Tue 15 Jul, 10:00)');
    expect(completionText(now, now)).toBe('Queue is clear');
    expect(completionText('not a date', now)).toBe('Queue is clear');
  });
  it('words the lead time', () => {
    expect(leadTimeText(null)).toBe('Not known yet');
    expect(leadTimeText(0)).toBe('Ready to ship today');
    expect(leadTimeText(1)).toBe('Ready to ship in 1 working day');
    expect(leadTimeText(3)).toBe('Ready to ship in 3 working days');
  });
});

describe('stage verdicts', () => {
  const timing = (o: Partial<StageTiming>): StageTiming => ({
    stage: 'order_to_print',
    target_minutes: 30,
    median_minutes: 20,
    samples: 4,
    verdict: 'ahead',
    ...o,
  });
  it('says how far ahead or behind', () => {
    expect(stageVerdictText(timing({}))).toBe('Ahead of target by 10 min');
    expect(stageVerdictText(timing({ median_minutes: 95, verdict: 'behind' }))).toBe(
      'Behind target by 1 h 5 min',
    );
    expect(stageVerdictText(timing({ median_minutes: 30 }))).toBe('On target');
    expect(stageVerdictText(timing({ median_minutes: null, verdict: 'no_data', samples: 0 }))).toBe(
      'No orders measured in the last 7 days',
    );
  });
});

describe('charts as tables', () => {
  const hours = [
    { t: '2025-07-14T10:00:00.000Z', value: 0 },
    { t: '2025-07-14T11:00:00.000Z', value: 3 },
    { t: '2025-07-14T12:00:00.000Z', value: 1 },
  ];
  it('labels points by hour (UK time), day and month', () => {
    expect(pointLabel('2025-07-14T10:00:00.000Z', 'hour')).toBe('11:00');
    expect(pointLabel('2025-07-03T00:00:00.000Z', 'day')).toBe('3 Jul');
    expect(pointLabel('2025-07-01T00:00:00.000Z', 'month')).toBe('Jul 2025');
  });
  it('gives one row per point, oldest first, and the same series to the chart', () => {
    expect(chartTableRows(hours, 'hour')).toEqual([
      { key: hours[0]!.t, label: '11:00', value: 0 },
      { key: hours[1]!.t, label: '12:00', value: 3 },
      { key: hours[2]!.t, label: '13:00', value: 1 },
    ]);
    expect(chartSeries(hours, 'hour')).toEqual({ labels: ['11:00', '12:00', '13:00'], values: [0, 3, 1] });
  });
  it('sums a chart up in a sentence', () => {
    expect(chartSummary(hours, 'hour', ['order', 'orders'])).toBe('4 orders in all; the most, 3, at 12:00.');
    expect(chartSummary(hours.slice(2), 'hour', ['order', 'orders'])).toBe(
      '1 order in all; the most, 1, at 13:00.',
    );
    expect(chartSummary([], 'day', ['print', 'prints'])).toBe('No prints in this period.');
  });
});

describe('printers', () => {
  const job = (id: string, printer: string | null, start: string): FarmJobDto => ({
    id,
    order_id: `ord_${id}`,
    order_item_id: 'itm',
    plate: 1,
    attempt: 1,
    copies: 1,
    material: 'PLA',
    color: 'black',
    express: false,
    print_seconds: 600,
    queued_at: start,
    planned: printer ? { printer_id: printer, start, end: start, change_seconds: 0 } : null,
  });
  it('finds the first plate planned for a printer', () => {
    const queue = [
      job('a', 'p2', '2025-07-14T12:00:00Z'),
      job('b', 'p1', '2025-07-14T13:00:00Z'),
      job('c', 'p1', '2025-07-14T12:30:00Z'),
      job('d', null, '2025-07-14T11:00:00Z'),
    ];
    expect(nextPlannedJob(queue, 'p1')?.id).toBe('c');
    expect(nextPlannedJob(queue, 'p3')).toBeUndefined();
  });
  it('offers the actions of each state', () => {
    expect(printerActions('idle')).toEqual(['start', 'maintenance', 'offline']);
    expect(printerActions('printing')).toEqual(['finish', 'fail']);
    expect(printerActions('maintenance')).toEqual(['idle', 'offline']);
    expect(printerActions('offline')).toEqual(['idle', 'maintenance']);
  });
});

describe('constants restated from the contract', () => {
  it('match @printloop/contracts', async () => {
    const contracts = await import('@printloop/contracts');
    const local = await import('./format');
    expect(local.STAGE_TARGETS).toEqual(contracts.STAGE_TARGETS);
    expect(local.STAGES).toEqual(contracts.STAGES);
    expect(local.DASHBOARD_PRIORITIES).toEqual(contracts.DASHBOARD_PRIORITIES);
    expect(local.FARM_MATERIALS).toEqual(contracts.FARM_MATERIALS);
  });
});
