// A hazard scene's picture at the full width, with an SVG overlay in the image's own coordinates: found
// regions, misses (red crosses) and a hint circle. Region coordinates are fractions of the image; a
// circle's r is a fraction of the image WIDTH. A tap reports x, y as fractions of the displayed image.
import { useState, type MouseEvent } from 'react';
import type { CircleCoords, HazardRegionView, PolygonCoords, RectCoords } from '@anxue/shared/students';

export interface RegionMark {
  region: HazardRegionView;
  /** found: green; missed (shown at the end): orange */
  tone: 'found' | 'missed';
  number?: number;
}

export interface HazardPictureProps {
  src: string;
  alt: string;
  /** the image's size as stored; the loaded picture's own size wins */
  width: number;
  height: number;
  regions: RegionMark[];
  misses?: Array<{ x: number; y: number }>;
  hint?: { cx: number; cy: number; r: number } | null;
  onTap?: (x: number, y: number) => void;
  disabled?: boolean;
}

const TONE = { found: '#52c41a', missed: '#fa8c16' } as const;

/** Where a region's number sits: its centre, roughly. */
function anchorOf(region: HazardRegionView): [number, number] {
  if (region.shape === 'rect') {
    const c = region.coords as RectCoords;
    return [c.x + c.w / 2, c.y + c.h / 2];
  }
  if (region.shape === 'circle') {
    const c = region.coords as CircleCoords;
    return [c.cx, c.cy];
  }
  const pts = (region.coords as PolygonCoords).points;
  return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
}

function Shape({ region, W, H, color }: { region: HazardRegionView; W: number; H: number; color: string }) {
  const common = { fill: `${color}33`, stroke: color, strokeWidth: 3, vectorEffect: 'non-scaling-stroke' as const };
  if (region.shape === 'rect') {
    const c = region.coords as RectCoords;
    return <rect x={c.x * W} y={c.y * H} width={c.w * W} height={c.h * H} rx={4} {...common} />;
  }
  if (region.shape === 'circle') {
    const c = region.coords as CircleCoords;
    return <circle cx={c.cx * W} cy={c.cy * H} r={c.r * W} {...common} />;
  }
  const pts = (region.coords as PolygonCoords).points.map(([x, y]) => `${x * W},${y * H}`).join(' ');
  return <polygon points={pts} {...common} />;
}

export function HazardPicture({ src, alt, width, height, regions, misses = [], hint, onTap, disabled }: HazardPictureProps) {
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const W = natural?.w || width || 1000;
  const H = natural?.h || height || 750;
  const mark = W * 0.018;

  const tap = (e: MouseEvent<HTMLImageElement>) => {
    if (disabled || !onTap) return;
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    const x = (e.clientX - box.left) / box.width;
    const y = (e.clientY - box.top) / box.height;
    onTap(Math.min(1, Math.max(0, x)), Math.min(1, Math.max(0, y)));
  };

  return (
    <div className="area-hazard">
      <img
        src={src}
        alt={alt}
        draggable={false}
        onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
        onClick={tap}
        style={{ cursor: onTap && !disabled ? 'crosshair' : 'default' }}
      />
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
        {regions.map(({ region, tone, number }) => {
          const [ax, ay] = anchorOf(region);
          return (
            <g key={region.id} data-region={region.id} data-tone={tone}>
              <Shape region={region} W={W} H={H} color={TONE[tone]} />
              {number !== undefined && (
                <g>
                  <circle cx={ax * W} cy={ay * H} r={W * 0.022} fill={TONE[tone]} />
                  <text x={ax * W} y={ay * H} dy="0.35em" textAnchor="middle" fontSize={W * 0.026} fill="#fff" fontWeight="bold">
                    {number}
                  </text>
                </g>
              )}
            </g>
          );
        })}
        {misses.map((m, i) => (
          <g key={`miss-${i}`} data-miss="" stroke="#ff4d4f" strokeWidth={4} vectorEffect="non-scaling-stroke" strokeLinecap="round">
            <line x1={m.x * W - mark} y1={m.y * H - mark} x2={m.x * W + mark} y2={m.y * H + mark} vectorEffect="non-scaling-stroke" />
            <line x1={m.x * W + mark} y1={m.y * H - mark} x2={m.x * W - mark} y2={m.y * H + mark} vectorEffect="non-scaling-stroke" />
          </g>
        ))}
        {hint && (
          <circle
            className="area-hazard-hint"
            data-hint=""
            cx={hint.cx * W}
            cy={hint.cy * H}
            r={hint.r * W}
            fill="rgba(250,219,20,.25)"
            stroke="#fadb14"
            strokeWidth={3}
            strokeDasharray="8 6"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
    </div>
  );
}
