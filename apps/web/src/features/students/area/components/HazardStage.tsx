// A hazard picture letterboxed in its box (object-fit: contain, any aspect ratio), with overlays placed on the
// image as displayed: its rectangle is computed from the box and the picture's own size, never the box
// itself, so outlines, numbers, taps and the heat map sit on the right spot of a 16:9 screen or a phone.
// Region coordinates are fractions of the image; a circle's r is a fraction of its width.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { CircleCoords, HazardRegionView, PolygonCoords, RectCoords } from '@anxue/shared/students';
import './hazard-stage.css';

export interface StagePoint {
  x: number;
  y: number;
}

export interface HazardStageProps {
  src: string | null;
  alt: string;
  /** the image's stored size, until the loaded picture tells its own */
  width: number;
  height: number;
  /** regions drawn outlined with their number (revealed ones) */
  shown?: Array<{ region: HazardRegionView; number: number; current?: boolean }>;
  /** the viewer's own taps, as numbered dots (small rings once the hazards show, not to hide their numbers) */
  taps?: StagePoint[];
  tapsAsRings?: boolean;
  /** every tap of the class, drawn as a heat map on a canvas, and what the map says in words */
  heat?: StagePoint[];
  heatLabel?: string;
  /** a click or tap on the picture, as fractions of the displayed image */
  onPoint?: (p: StagePoint) => void;
  children?: ReactNode;
  className?: string;
}

/** The displayed image's rectangle inside a box of w×h for a picture of iw×ih (object-fit: contain). */
export function containRect(w: number, h: number, iw: number, ih: number) {
  if (!(w > 0 && h > 0 && iw > 0 && ih > 0)) return { left: 0, top: 0, width: w, height: h };
  const scale = Math.min(w / iw, h / ih);
  const width = iw * scale;
  const height = ih * scale;
  return { left: (w - width) / 2, top: (h - height) / 2, width, height };
}

/** Whether a point (fractions) falls on a region; the server's hit-test judges taps, this one the teacher's clicks. */
export function regionAt(regions: HazardRegionView[], p: StagePoint, iw: number, ih: number): HazardRegionView | undefined {
  return regions.find((r) => {
    if (r.shape === 'rect') {
      const c = r.coords as RectCoords;
      return p.x >= c.x && p.x <= c.x + c.w && p.y >= c.y && p.y <= c.y + c.h;
    }
    if (r.shape === 'circle') {
      const c = r.coords as CircleCoords;
      const aspect = iw > 0 && ih > 0 ? ih / iw : 1;
      return Math.hypot(p.x - c.cx, (p.y - c.cy) * aspect) <= c.r;
    }
    const pts = (r.coords as PolygonCoords).points;
    let inside = false;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i];
      const [xj, yj] = pts[j];
      if (yi > p.y !== yj > p.y && p.x < ((xj - xi) * (p.y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  });
}

/** Where a region's number sits: its centre, roughly. */
export function anchorOf(region: HazardRegionView): [number, number] {
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

function Outline({ region, W, H }: { region: HazardRegionView; W: number; H: number }) {
  if (region.shape === 'rect') {
    const c = region.coords as RectCoords;
    return <rect x={c.x * W} y={c.y * H} width={c.w * W} height={c.h * H} rx={4} />;
  }
  if (region.shape === 'circle') {
    const c = region.coords as CircleCoords;
    return <circle cx={c.cx * W} cy={c.cy * H} r={c.r * W} />;
  }
  return <polygon points={(region.coords as PolygonCoords).points.map(([x, y]) => `${x * W},${y * H}`).join(' ')} />;
}

/** Colour ramp of the heat map: blue (one tap) through green and yellow to red (the most). */
function ramp(v: number): [number, number, number] {
  const stops: Array<[number, [number, number, number]]> = [
    [0, [0, 90, 255]],
    [0.35, [0, 200, 120]],
    [0.65, [255, 220, 0]],
    [1, [230, 20, 20]],
  ];
  for (let i = 1; i < stops.length; i++) {
    const [p1, c1] = stops[i];
    const [p0, c0] = stops[i - 1];
    if (v <= p1) {
      const k = (v - p0) / (p1 - p0);
      return [0, 1, 2].map((j) => Math.round(c0[j] + (c1[j] - c0[j]) * k)) as [number, number, number];
    }
  }
  return stops[stops.length - 1][1];
}

/** One tap's density at its centre (0..1): up to eight on a spot still add up before the canvas saturates. */
const SPOT_ALPHA = 0.12;

/** Taps as a heat map: each a soft spot of density, summed, then coloured by the ramp. */
function drawHeat(canvas: HTMLCanvasElement, points: StagePoint[], width: number, height: number) {
  const ratio = Math.min(2, globalThis.devicePixelRatio || 1);
  const w = Math.max(1, Math.round(width * ratio));
  const h = Math.max(1, Math.round(height * ratio));
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, w, h);
  if (!points.length) return;
  const radius = Math.max(18, Math.min(w, h) * 0.07);
  // densities add up ('lighter'), so ten taps on a spot weigh ten times one
  ctx.globalCompositeOperation = 'lighter';
  for (const p of points) {
    const g = ctx.createRadialGradient(p.x * w, p.y * h, 0, p.x * w, p.y * h, radius);
    g.addColorStop(0, `rgba(0,0,0,${SPOT_ALPHA})`);
    g.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = g;
    ctx.fillRect(p.x * w - radius, p.y * h - radius, radius * 2, radius * 2);
  }
  const image = ctx.getImageData(0, 0, w, h);
  const px = image.data;
  // the ramp's top is the busiest spot, but never fewer than three taps: a lone tap stays cool
  let most = 3 * SPOT_ALPHA * 255;
  for (let i = 3; i < px.length; i += 4) most = Math.max(most, px[i]);
  for (let i = 0; i < px.length; i += 4) {
    const a = px[i + 3];
    if (!a) continue;
    const [r, g, b] = ramp(a / most);
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
    px[i + 3] = Math.min(215, 90 + (a / most) * 125);
  }
  ctx.putImageData(image, 0, 0);
}

export function HazardStage({ src, alt, width, height, shown = [], taps = [], tapsAsRings, heat, heatLabel, onPoint, children, className }: HazardStageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState({ w: 0, h: 0 });
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const iw = natural?.w || width || 1600;
  const ih = natural?.h || height || 900;
  const rect = containRect(box.w, box.h, iw, ih);

  useLayoutEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const measure = () => setBox({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const heatKey = heat ? heat.map((p) => `${p.x},${p.y}`).join(';') : null;
  useEffect(() => {
    if (canvasRef.current && heat) drawHeat(canvasRef.current, heat, rect.width, rect.height);
    // redrawn when the taps or the displayed size change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [heatKey, rect.width, rect.height]);

  const point = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      if (!onPoint) return;
      const r = e.currentTarget.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) return;
      onPoint({ x: Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)), y: Math.min(1, Math.max(0, (e.clientY - r.top) / r.height)) });
    },
    [onPoint],
  );

  const W = 1000;
  const H = (1000 * ih) / iw;
  // a number readable at any size: about 3% of the picture's long side on screen, 14 to 30 px
  const badgePx = Math.min(30, Math.max(14, 0.028 * Math.max(rect.width, rect.height)));
  const badge = rect.width > 0 ? (badgePx * W) / rect.width : 22;
  return (
    <div className={`hazard-stage${className ? ` ${className}` : ''}`} ref={boxRef}>
      {src && <img className="hazard-stage-img" src={src} alt={alt} draggable={false} onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })} />}
      <div
        className={`hazard-stage-layer${onPoint ? ' pointable' : ''}`}
        data-testid="hazard-image-rect"
        style={{ left: rect.left, top: rect.top, width: rect.width, height: rect.height }}
        onClick={point}
      >
        {heat && <canvas ref={canvasRef} className="hazard-stage-heat" role="img" aria-label={heatLabel} data-taps={heat.length} />}
        {/* under the outlines: a hazard's number stays readable over a tap on it */}
        {taps.map((p, i) => (
          <span key={i} className={`hazard-stage-tap${tapsAsRings ? ' ring' : ''}`} data-tap={i + 1} style={{ left: `${p.x * 100}%`, top: `${p.y * 100}%` }}>
            {tapsAsRings ? null : i + 1}
          </span>
        ))}
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
          {shown.map(({ region, number, current }) => {
            const [ax, ay] = anchorOf(region);
            return (
              <g key={region.id} className={`hazard-stage-region${current ? ' current' : ''}`} data-region={region.id} data-number={number}>
                <Outline region={region} W={W} H={H} />
                <circle className="hazard-stage-badge" cx={ax * W} cy={ay * H} r={badge} />
                <text x={ax * W} y={ay * H} dy="0.36em" textAnchor="middle" fontSize={badge * 1.2} fontWeight="bold">
                  {number}
                </text>
              </g>
            );
          })}
        </svg>
        {children}
      </div>
    </div>
  );
}
