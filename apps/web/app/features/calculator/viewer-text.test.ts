import { describe, expect, it } from 'vitest';
import { priceAnnouncement } from './StickyTotal';
import { viewerDescription } from './ViewerPanel';

describe('viewerDescription', () => {
  it("names the model and gives its size in mm, the 3D view's text alternative", () => {
    expect(viewerDescription('bracket.stl', [43.333, 20, 10])).toBe(
      '3D view of bracket.stl, 43.33 × 20.00 × 10.00 mm (width × depth × height).',
    );
    expect(viewerDescription(null, null)).toBe(
      '3D view of your model; its dimensions follow once it is measured.',
    );
  });
});

describe('priceAnnouncement', () => {
  const quote = { total_pence: 1234, quantity: 3 } as never;
  const estimate = {} as never;
  it('says the settled total and where it comes from', () => {
    expect(priceAnnouncement({ source: 'server', quote, estimate, updating: false })).toBe(
      'Total £12.34, confirmed quote, for 3 parts.',
    );
    expect(
      priceAnnouncement({
        source: 'instant',
        quote: { total_pence: 99, quantity: 1 } as never,
        estimate,
        updating: false,
      }),
    ).toBe('Total £0.99, instant estimate, for 1 part.');
  });
  it('says nothing while a new figure is computed', () => {
    expect(priceAnnouncement({ source: 'instant', quote, estimate, updating: true })).toBeNull();
    expect(priceAnnouncement(null)).toBeNull();
  });
});
