import { describe, expect, it } from 'vitest';
import type { RegionGeometry } from '@anxue/shared';
import { hitTest, parseRegion, regionCentre } from './hit-test';

const square = { width: 1000, height: 1000 };
const wide = { width: 1600, height: 800 };

describe('hitTest', () => {
  const rect: RegionGeometry = { shape: 'rect', coords: { x: 0.2, y: 0.3, w: 0.4, h: 0.2 } };
  it('rect: inside, on every edge and corner, and just outside', () => {
    expect(hitTest(rect, 0.4, 0.4, square)).toBe(true);
    for (const [x, y] of [[0.2, 0.4], [0.6, 0.4], [0.4, 0.3], [0.4, 0.5], [0.2, 0.3], [0.6, 0.5]]) expect(hitTest(rect, x, y, square), `${x},${y}`).toBe(true);
    for (const [x, y] of [[0.199, 0.4], [0.601, 0.4], [0.4, 0.299], [0.4, 0.501]]) expect(hitTest(rect, x, y, square), `${x},${y}`).toBe(false);
  });

  const circle: RegionGeometry = { shape: 'circle', coords: { cx: 0.5, cy: 0.5, r: 0.1 } };
  it('circle on a square image: on the rim counts, just past it does not', () => {
    expect(hitTest(circle, 0.6, 0.5, square)).toBe(true);
    expect(hitTest(circle, 0.5, 0.4, square)).toBe(true);
    expect(hitTest(circle, 0.5 + 0.1 * Math.SQRT1_2, 0.5 + 0.1 * Math.SQRT1_2, square)).toBe(true);
    expect(hitTest(circle, 0.601, 0.5, square)).toBe(false);
    expect(hitTest(circle, 0.5, 0.399, square)).toBe(false);
  });
  it('circle on a wide image stays round on screen: the radius is a fraction of the width', () => {
    // r = 0.1 × 1600 = 160 px; vertically that is 160 / 800 = 0.2 of the height
    expect(hitTest(circle, 0.6, 0.5, wide)).toBe(true);
    expect(hitTest(circle, 0.5, 0.7, wide)).toBe(true);
    expect(hitTest(circle, 0.5, 0.71, wide)).toBe(false);
    expect(hitTest(circle, 0.61, 0.5, wide)).toBe(false);
  });

  const triangle: RegionGeometry = { shape: 'polygon', coords: { points: [[0.1, 0.1], [0.5, 0.1], [0.1, 0.5]] } };
  const concave: RegionGeometry = { shape: 'polygon', coords: { points: [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.5, 0.5], [0.1, 0.9]] } };
  it('polygon: inside, on edges (the slanted one too) and vertices, and outside', () => {
    expect(hitTest(triangle, 0.2, 0.2, square)).toBe(true);
    for (const [x, y] of [[0.3, 0.1], [0.1, 0.3], [0.3, 0.3], [0.1, 0.1], [0.5, 0.1], [0.1, 0.5]]) expect(hitTest(triangle, x, y, square), `${x},${y}`).toBe(true);
    for (const [x, y] of [[0.31, 0.31], [0.05, 0.2], [0.2, 0.09], [0.6, 0.1]]) expect(hitTest(triangle, x, y, square), `${x},${y}`).toBe(false);
  });
  it('polygon: a concave notch is outside, its edges inside', () => {
    expect(hitTest(concave, 0.5, 0.8, square)).toBe(false);
    expect(hitTest(concave, 0.5, 0.5, square)).toBe(true);
    expect(hitTest(concave, 0.7, 0.7, square)).toBe(true);
    expect(hitTest(concave, 0.2, 0.5, square)).toBe(true);
  });
});

describe('parseRegion and regionCentre', () => {
  it('reads stored coordinates and refuses broken ones', () => {
    expect(parseRegion('rect', '{"x":0.1,"y":0.1,"w":0.2,"h":0.2}')).toEqual({ shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.2, h: 0.2 } });
    expect(parseRegion('circle', '{"cx":2,"cy":0.1,"r":0.2}')).toBeNull();
    expect(parseRegion('polygon', 'not json')).toBeNull();
  });
  it('gives a hint circle that covers the region', () => {
    const hint = regionCentre({ shape: 'rect', coords: { x: 0.2, y: 0.2, w: 0.2, h: 0.4 } }, square);
    expect(hint.cx).toBeCloseTo(0.3);
    expect(hint.cy).toBeCloseTo(0.4);
    expect(hint.r).toBeGreaterThanOrEqual(Math.hypot(0.1, 0.2) - 1e-9);
  });
});
