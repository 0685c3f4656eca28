// One region drawn in an SVG whose viewBox is the unit square stretched over the image
// (preserveAspectRatio none): x and y are fractions of the image's width and height. A circle's radius
// is a fraction of the width, so it is drawn as an ellipse whose vertical radius is r × width / height —
// round on screen at any size.
import type { SVGProps } from 'react';
import type { RegionGeometry } from '@anxue/shared';

export interface RegionShapeProps extends Omit<SVGProps<SVGElement>, 'ref'> {
  geometry: RegionGeometry;
  /** The image's width / height. */
  aspect: number;
}

export function RegionShape({ geometry, aspect, ...rest }: RegionShapeProps) {
  const common = { vectorEffect: 'non-scaling-stroke' as const, ...rest } as SVGProps<SVGElement>;
  if (geometry.shape === 'rect') {
    const { x, y, w, h } = geometry.coords;
    return <rect x={x} y={y} width={w} height={h} {...(common as SVGProps<SVGRectElement>)} />;
  }
  if (geometry.shape === 'circle') {
    const { cx, cy, r } = geometry.coords;
    return <ellipse cx={cx} cy={cy} rx={r} ry={r * aspect} {...(common as SVGProps<SVGEllipseElement>)} />;
  }
  return <polygon points={geometry.coords.points.map((p) => p.join(',')).join(' ')} {...(common as SVGProps<SVGPolygonElement>)} />;
}
