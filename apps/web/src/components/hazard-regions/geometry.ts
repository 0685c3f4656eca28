// The geometry of hazard regions, kept free of React so it is tested alone. Coordinates are fractions
// (0–1) of the image: x of its width, y of its height; a circle's radius is a fraction of the WIDTH,
// so a circle stays round whatever size the image is shown at.
import type { CircleCoords, PolygonCoords, RectCoords, RegionGeometry } from '@anxue/shared';

export type Point = [number, number];

/** Box of the element the pointer moves over (what getBoundingClientRect answers). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Four decimals: a tenth of a pixel on a 1000-pixel image, and short JSON. */
const round = (v: number) => Math.round(v * 10000) / 10000;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Smallest drawn size (a fraction): a click without a drag draws nothing. */
export const MIN_SIZE = 0.01;
/** A polygon click this close to its first point closes it. */
export const CLOSE_DISTANCE = 0.02;

/** A pointer position on the page → fractions of the image, held inside it. */
export function pointerFraction(clientX: number, clientY: number, box: Box): Point {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [round(clamp01((clientX - box.left) / box.width)), round(clamp01((clientY - box.top) / box.height))];
}

/** The rectangle spanned by a drag from `a` to `b` (any direction), or null when too small. */
export function rectFromDrag(a: Point, b: Point): RectCoords | null {
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  const w = Math.abs(a[0] - b[0]);
  const h = Math.abs(a[1] - b[1]);
  if (w < MIN_SIZE || h < MIN_SIZE) return null;
  return { x: round(x), y: round(y), w: round(w), h: round(h) };
}

/**
 * The circle of a drag from its centre to a point of its edge. `aspect` is the image's width / height:
 * a vertical fraction is worth height/width of a horizontal one when measured in widths.
 */
export function circleFromDrag(centre: Point, edge: Point, aspect: number): CircleCoords | null {
  const dx = edge[0] - centre[0];
  const dy = (edge[1] - centre[1]) / (aspect > 0 ? aspect : 1);
  const r = Math.min(1, Math.hypot(dx, dy));
  if (r < MIN_SIZE) return null;
  return { cx: round(centre[0]), cy: round(centre[1]), r: round(r) };
}

/** A closed polygon from the clicked points, or null with fewer than three. */
export function polygonFromPoints(points: Point[]): PolygonCoords | null {
  if (points.length < 3) return null;
  return { points: points.map(([x, y]) => [round(x), round(y)] as Point) };
}

/**
 * Adds a clicked point to a polygon being drawn: a repeat of the last point (the second click of a
 * double-click) is dropped, and a click on the first point asks to close.
 */
export function addPolygonPoint(points: Point[], p: Point, aspect: number): { points: Point[]; close: boolean } {
  const near = (a: Point, b: Point) => Math.hypot(a[0] - b[0], (a[1] - b[1]) / (aspect > 0 ? aspect : 1)) < CLOSE_DISTANCE;
  if (points.length >= 3 && near(points[0], p)) return { points, close: true };
  if (points.length && near(points[points.length - 1], p)) return { points, close: false };
  return { points: [...points, p], close: false };
}

/** The centre of a region (where its number label goes). */
export function regionCentre(g: RegionGeometry): Point {
  if (g.shape === 'rect') return [g.coords.x + g.coords.w / 2, g.coords.y + g.coords.h / 2];
  if (g.shape === 'circle') return [g.coords.cx, g.coords.cy];
  const pts = g.coords.points;
  return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
}

/** Region coordinates as stored (JSON text) or sent (object) → geometry, or null when unreadable. */
export function readGeometry(shape: string, coords: unknown): RegionGeometry | null {
  let c: unknown = coords;
  if (typeof c === 'string') {
    try {
      c = JSON.parse(c);
    } catch {
      return null;
    }
  }
  if (!c || typeof c !== 'object') return null;
  const o = c as Record<string, unknown>;
  if (shape === 'rect' && [o.x, o.y, o.w, o.h].every((v) => typeof v === 'number')) return { shape, coords: o as unknown as RectCoords };
  if (shape === 'circle' && [o.cx, o.cy, o.r].every((v) => typeof v === 'number')) return { shape, coords: o as unknown as CircleCoords };
  if (shape === 'polygon' && Array.isArray(o.points) && o.points.length >= 3) return { shape, coords: o as unknown as PolygonCoords };
  return null;
}
