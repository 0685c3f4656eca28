// Draws the hazard regions of a scene on its picture, with a mouse or a finger (pointer events):
// rectangle (drag), circle (drag from the centre), polygon (tap the corners; double-tap, tap the first
// corner or 完成 to close). A selected region's title, risk and fix are edited below the picture.
// Regions are kept as fractions of the image (geometry.ts), so they fit the picture at any size.
import { useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Empty, Input, Radio, Space, Tag, Typography } from 'antd';
import type { RegionGeometry } from '@anxue/shared';
import { addPolygonPoint, circleFromDrag, pointerFraction, polygonFromPoints, rectFromDrag, regionCentre, type Point } from './geometry';
import { t } from '../../lib/i18n';
import { RegionShape } from './RegionShape';

export type HazardRegionDraft = RegionGeometry & { title: string; risk?: string | null; fix?: string | null };

export type DrawTool = 'select' | 'rect' | 'circle' | 'polygon';

export interface HazardRegionEditorProps {
  /** Address of the scene's picture. */
  imageUrl: string | null | undefined;
  value?: HazardRegionDraft[];
  onChange?: (regions: HazardRegionDraft[]) => void;
  /** The picture's own size in pixels, once it has loaded. */
  onImageSize?: (width: number, height: number) => void;
  /** Size stored with the scene: the aspect until the picture has loaded. */
  imageWidth?: number;
  imageHeight?: number;
}

const SHAPE_NAMES: Record<RegionGeometry['shape'], string> = { rect: '矩形', circle: '圆形', polygon: '多边形' };
const STROKE = { normal: '#fa541c', selected: '#1677ff', drawing: '#52c41a' };

export function HazardRegionEditor({ imageUrl, value = [], onChange, onImageSize, imageWidth, imageHeight }: HazardRegionEditorProps) {
  const canvas = useRef<SVGSVGElement>(null);
  const [tool, setTool] = useState<DrawTool>('rect');
  const [selected, setSelected] = useState<number | null>(null);
  const [drag, setDrag] = useState<{ start: Point; current: Point } | null>(null);
  const [polygon, setPolygon] = useState<Point[]>([]);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const w = natural?.w || imageWidth || 0;
  const h = natural?.h || imageHeight || 0;
  const aspect = w > 0 && h > 0 ? w / h : 1;

  const at = (e: ReactPointerEvent | ReactMouseEvent): Point => pointerFraction(e.clientX, e.clientY, canvas.current!.getBoundingClientRect());

  const add = (g: RegionGeometry) => {
    const next = [...value, { ...g, title: t('隐患{n}', { n: value.length + 1 }, 'newRegion'), risk: '', fix: '' } as HazardRegionDraft];
    onChange?.(next);
    setSelected(next.length - 1);
  };
  const update = (index: number, patch: Partial<Pick<HazardRegionDraft, 'title' | 'risk' | 'fix'>>) =>
    onChange?.(value.map((r, i) => (i === index ? ({ ...r, ...patch } as HazardRegionDraft) : r)));
  const remove = (index: number) => {
    onChange?.(value.filter((_r, i) => i !== index));
    setSelected(null);
  };
  const closePolygon = (points = polygon) => {
    const coords = polygonFromPoints(points);
    if (!coords) return;
    add({ shape: 'polygon', coords });
    setPolygon([]);
  };

  const pointerDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (!imageUrl) return;
    const p = at(e);
    if (tool === 'select') {
      setSelected(null); // a press on a region selects it before this (see the shapes)
    } else if (tool === 'polygon') {
      const step = addPolygonPoint(polygon, p, aspect);
      if (step.close) closePolygon(step.points);
      else setPolygon(step.points);
    } else {
      e.currentTarget.setPointerCapture?.(e.pointerId);
      setDrag({ start: p, current: p });
    }
  };
  const pointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (drag) setDrag({ ...drag, current: at(e) });
  };
  const pointerUp = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const end = at(e);
    setDrag(null);
    if (tool === 'rect') {
      const coords = rectFromDrag(drag.start, end);
      if (coords) add({ shape: 'rect', coords });
    } else if (tool === 'circle') {
      const coords = circleFromDrag(drag.start, end, aspect);
      if (coords) add({ shape: 'circle', coords });
    }
  };

  const drawing: RegionGeometry | null = drag
    ? tool === 'rect'
      ? (() => {
          const c = rectFromDrag(drag.start, drag.current);
          return c ? { shape: 'rect' as const, coords: c } : null;
        })()
      : (() => {
          const c = circleFromDrag(drag.start, drag.current, aspect);
          return c ? { shape: 'circle' as const, coords: c } : null;
        })()
    : null;

  const current = selected !== null ? value[selected] : undefined;

  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Radio.Group
          optionType="button"
          value={tool}
          onChange={(e) => {
            setTool(e.target.value as DrawTool);
            setPolygon([]);
            setDrag(null);
          }}
          options={[
            { label: t('选择'), value: 'select' },
            { label: t(SHAPE_NAMES.rect), value: 'rect' },
            { label: t(SHAPE_NAMES.circle), value: 'circle' },
            { label: t(SHAPE_NAMES.polygon), value: 'polygon' },
          ]}
        />
        {tool === 'polygon' && (
          <>
            <Button type="primary" disabled={polygon.length < 3} onClick={() => closePolygon()}>
              {t('完成')}
            </Button>
            <Button disabled={polygon.length === 0} onClick={() => setPolygon([])}>
              {t('取消多边形')}
            </Button>
            <Typography.Text type="secondary">{t('已点 {n} 个顶点，至少 3 个', { n: polygon.length })}</Typography.Text>
          </>
        )}
      </Space>
      {!imageUrl ? (
        <Empty description={t('请先上传隐患图片')} />
      ) : (
        <div style={{ position: 'relative', width: '100%', lineHeight: 0, userSelect: 'none' }}>
          <img
            src={imageUrl}
            alt={t('隐患图片')}
            draggable={false}
            style={{ width: '100%', display: 'block' }}
            onLoad={(e) => {
              const img = e.currentTarget;
              if (!img.naturalWidth || !img.naturalHeight) return;
              setNatural({ w: img.naturalWidth, h: img.naturalHeight });
              onImageSize?.(img.naturalWidth, img.naturalHeight);
            }}
          />
          <svg
            ref={canvas}
            aria-label={t('隐患区域绘制区')}
            viewBox="0 0 1 1"
            preserveAspectRatio="none"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: 'none', cursor: tool === 'select' ? 'default' : 'crosshair' }}
            onPointerDown={pointerDown}
            onPointerMove={pointerMove}
            onPointerUp={pointerUp}
            onPointerCancel={() => setDrag(null)}
            onDoubleClick={() => tool === 'polygon' && closePolygon()}
          >
            {value.map((r, i) => (
              <RegionShape
                key={i}
                geometry={r}
                aspect={aspect}
                data-region={i + 1}
                fill={i === selected ? 'rgba(22,119,255,0.2)' : 'rgba(250,84,28,0.15)'}
                stroke={i === selected ? STROKE.selected : STROKE.normal}
                strokeWidth={2}
                onPointerDown={(e) => {
                  if (tool !== 'select') return;
                  e.stopPropagation();
                  setSelected(i);
                }}
              />
            ))}
            {drawing && <RegionShape geometry={drawing} aspect={aspect} fill="none" stroke={STROKE.drawing} strokeWidth={2} strokeDasharray="4 3" />}
            {polygon.length > 0 && (
              <polyline points={polygon.map((p) => p.join(',')).join(' ')} fill="none" stroke={STROKE.drawing} strokeWidth={2} vectorEffect="non-scaling-stroke" />
            )}
          </svg>
          {value.map((r, i) => {
            const [x, y] = regionCentre(r);
            return (
              <span
                key={i}
                style={{ position: 'absolute', left: `${x * 100}%`, top: `${y * 100}%`, transform: 'translate(-50%,-50%)', pointerEvents: 'none', lineHeight: '20px' }}
              >
                <Tag color={i === selected ? 'blue' : 'volcano'} style={{ margin: 0 }}>
                  {i + 1}
                </Tag>
              </span>
            );
          })}
        </div>
      )}
      <div style={{ marginTop: 8 }}>
        <Space wrap>
          {value.map((r, i) => (
            <Tag.CheckableTag key={i} checked={i === selected} onChange={() => setSelected(i)}>
              {i + 1}. {r.title || t('(未命名)')} · {t(SHAPE_NAMES[r.shape])}
            </Tag.CheckableTag>
          ))}
        </Space>
      </div>
      {current && selected !== null && (
        <div style={{ marginTop: 8, padding: 12, border: '1px solid #f0f0f0', borderRadius: 6 }} aria-label={t('隐患区域详情')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input addonBefore={t('隐患{n} 标题', { n: selected + 1 })} value={current.title} maxLength={100} onChange={(e) => update(selected, { title: e.target.value })} />
            <Input.TextArea rows={2} placeholder={t('风险：这里会发生什么')} value={current.risk ?? ''} maxLength={500} onChange={(e) => update(selected, { risk: e.target.value })} />
            <Input.TextArea rows={2} placeholder={t('整改：应当怎么做')} value={current.fix ?? ''} maxLength={500} onChange={(e) => update(selected, { fix: e.target.value })} />
            <Button danger onClick={() => remove(selected)}>
              {t('删除此区域')}
            </Button>
          </Space>
        </div>
      )}
    </div>
  );
}
