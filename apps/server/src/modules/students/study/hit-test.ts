import { circleCoords, polygonCoords, rectCoords, type RegionGeometry } from '@anxue/shared';

/** Rounding slack: a point on an edge or a vertex counts as inside. */
const EPS = 1e-9;

/** The stored coordinates of a region (JSON text) checked against its shape; null when unreadable. */
export function parseRegion(shape: string, coords: string): RegionGeometry | null {
  let raw: unknown;
  try {
    raw = JSON.parse(coords);
  } catch {
    return null;
  }
  const schema = shape === 'rect' ? rectCoords : shape === 'circle' ? circleCoords : shape === 'polygon' ? polygonCoords : null;
  const parsed = schema?.safeParse(raw);
  return parsed?.success ? ({ shape, coords: parsed.data } as RegionGeometry) : null;
}

function onSegment(px: number, py: number, [ax, ay]: [number, number], [bx, by]: [number, number]): boolean {
  const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  const length = Math.hypot(bx - ax, by - ay);
  if (Math.abs(cross) > EPS * Math.max(1, length)) return false;
  return px >= Math.min(ax, bx) - EPS && px <= Math.max(ax, bx) + EPS && py >= Math.min(ay, by) - EPS && py <= Math.max(ay, by) + EPS;
}

/**
 * Whether a click (fractions of the image) falls on a region. A circle's radius is a fraction of the image
 * width, so distances are measured in pixels (width × height given) to keep it round on screen. Polygons:
 * ray casting, with points on an edge or vertex counted inside.
 */
export function hitTest(region: RegionGeometry, x: number, y: number, image: { width: number; height: number }): boolean {
  if (region.shape === 'rect') {
    const { x: rx, y: ry, w, h } = region.coords;
    return x >= rx - EPS && x <= rx + w + EPS && y >= ry - EPS && y <= ry + h + EPS;
  }
  if (region.shape === 'circle') {
    // without a known size the image is taken as square
    const width = image.width > 0 && image.height > 0 ? image.width : 1;
    const height = image.width > 0 && image.height > 0 ? image.height : 1;
    const dx = (x - region.coords.cx) * width;
    const dy = (y - region.coords.cy) * height;
    const r = region.coords.r * width;
    return dx * dx + dy * dy <= r * r * (1 + EPS) + EPS;
  }
  const points = region.coords.points;
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    if (onSegment(x, y, points[j], points[i])) return true;
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The centre of a region and a radius (fraction of the width) that encloses it, for hints. */
export function regionCentre(region: RegionGeometry, image: { width: number; height: number }): { cx: number; cy: number; r: number } {
  const aspect = image.width > 0 && image.height > 0 ? image.height / image.width : 1;
  if (region.shape === 'rect') {
    const { x, y, w, h } = region.coords;
    return { cx: x + w / 2, cy: y + h / 2, r: Math.hypot(w / 2, (h / 2) * aspect) };
  }
  if (region.shape === 'circle') return { cx: region.coords.cx, cy: region.coords.cy, r: region.coords.r };
  const pts = region.coords.points;
  const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  return { cx, cy, r: Math.max(...pts.map(([px, py]) => Math.hypot(px - cx, (py - cy) * aspect))) };
}
