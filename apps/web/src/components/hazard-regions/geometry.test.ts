import { describe, expect, it } from 'vitest';
import { addPolygonPoint, circleFromDrag, pointerFraction, polygonFromPoints, readGeometry, rectFromDrag, regionCentre } from './geometry';

const BOX = { left: 100, top: 50, width: 400, height: 200 };

describe('hazard region geometry', () => {
  it('turns a pointer position into fractions of the image, held inside it', () => {
    expect(pointerFraction(100, 50, BOX)).toEqual([0, 0]);
    expect(pointerFraction(300, 150, BOX)).toEqual([0.5, 0.5]);
    expect(pointerFraction(500, 250, BOX)).toEqual([1, 1]);
    expect(pointerFraction(40, 400, BOX)).toEqual([0, 1]);
    expect(pointerFraction(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toEqual([0, 0]);
  });

  it('draws a rectangle whichever way it is dragged, and nothing for a click', () => {
    expect(rectFromDrag([0.1, 0.2], [0.4, 0.6])).toEqual({ x: 0.1, y: 0.2, w: 0.3, h: 0.4 });
    expect(rectFromDrag([0.4, 0.6], [0.1, 0.2])).toEqual({ x: 0.1, y: 0.2, w: 0.3, h: 0.4 });
    expect(rectFromDrag([0.3, 0.3], [0.3, 0.3])).toBeNull();
    expect(rectFromDrag([0.3, 0.3], [0.6, 0.305])).toBeNull();
  });

  it('measures a circle in widths: a vertical drag on a 2:1 image gives half the radius of the same horizontal drag', () => {
    expect(circleFromDrag([0.5, 0.5], [0.7, 0.5], 2)).toEqual({ cx: 0.5, cy: 0.5, r: 0.2 });
    // 0.2 of a height of 200 px is 40 px = 0.1 of a width of 400 px
    expect(circleFromDrag([0.5, 0.5], [0.5, 0.7], 2)).toEqual({ cx: 0.5, cy: 0.5, r: 0.1 });
    expect(circleFromDrag([0.5, 0.5], [0.503, 0.5], 2)).toBeNull();
    expect(circleFromDrag([0, 0], [1, 1], 0.25)!.r).toBe(1);
  });

  it('closes a polygon only with three points; the first point closes it and a double tap adds nothing', () => {
    let pts: [number, number][] = [];
    for (const p of [[0.1, 0.1], [0.5, 0.1], [0.5, 0.1], [0.3, 0.5]] as [number, number][]) {
      const step = addPolygonPoint(pts, p, 1);
      expect(step.close).toBe(false);
      pts = step.points;
    }
    expect(pts).toEqual([[0.1, 0.1], [0.5, 0.1], [0.3, 0.5]]);
    expect(addPolygonPoint(pts, [0.105, 0.1], 1)).toEqual({ points: pts, close: true });
    expect(polygonFromPoints(pts.slice(0, 2))).toBeNull();
    expect(polygonFromPoints([[0.123456, 0.1], [0.5, 0.1], [0.3, 0.5]])).toEqual({ points: [[0.1235, 0.1], [0.5, 0.1], [0.3, 0.5]] });
  });

  it('reads stored coordinates (JSON text) and finds a centre for the label', () => {
    const rect = readGeometry('rect', '{"x":0.1,"y":0.2,"w":0.2,"h":0.2}');
    expect(rect).toEqual({ shape: 'rect', coords: { x: 0.1, y: 0.2, w: 0.2, h: 0.2 } });
    const [rx, ry] = regionCentre(rect!);
    expect([rx, ry].map((v) => v.toFixed(4))).toEqual(['0.2000', '0.3000']);
    const [px, py] = regionCentre({ shape: 'polygon', coords: { points: [[0, 0], [0.6, 0], [0, 0.3]] } });
    expect([px, py].map((v) => v.toFixed(4))).toEqual(['0.2000', '0.1000']);
    expect(readGeometry('circle', '{"cx":0.1}')).toBeNull();
    expect(readGeometry('polygon', 'not json')).toBeNull();
  });
});
