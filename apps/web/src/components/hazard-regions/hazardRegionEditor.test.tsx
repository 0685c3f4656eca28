import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { HazardRegionEditor, type HazardRegionDraft } from './HazardRegionEditor';
import { drag, installPointerEvent, layOutEditor, tap } from './testing';

beforeAll(installPointerEvent);

let latest: HazardRegionDraft[] = [];
let size: [number, number] | null = null;

function Harness({ initial = [] }: { initial?: HazardRegionDraft[] }) {
  const [regions, setRegions] = useState(initial);
  latest = regions;
  return <HazardRegionEditor imageUrl="/scene.png" value={regions} onChange={setRegions} onImageSize={(w, h) => (size = [w, h])} />;
}

/** The picture shown 400 × 200 px at the page's (100, 50), itself 800 × 400 px. */
const layOut = () => layOutEditor(document, { left: 100, top: 50, width: 400, height: 200 }, { width: 800, height: 400 });

describe('HazardRegionEditor', () => {
  it('draws a rectangle by dragging and keeps it as fractions of the picture; records the picture size', () => {
    render(<Harness />);
    const canvas = layOut();
    expect(size).toEqual([800, 400]);
    drag(canvas, [140, 70], [300, 150]);
    expect(latest).toEqual([{ shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.4, h: 0.4 }, title: '隐患1', risk: '', fix: '' }]);
    // the new region is selected: its details can be written at once
    const details = screen.getByLabelText('隐患区域详情');
    fireEvent.change(within(details).getByDisplayValue('隐患1'), { target: { value: '电线裸露' } });
    fireEvent.change(within(details).getByPlaceholderText('风险：这里会发生什么'), { target: { value: '触电' } });
    expect(latest[0]).toMatchObject({ title: '电线裸露', risk: '触电' });
  });

  it('draws a polygon by tapping corners and 完成; a circle stays round on a wide picture', () => {
    render(<Harness />);
    const canvas = layOut();
    fireEvent.click(screen.getByText('多边形'));
    expect(screen.getByRole('button', { name: /完\s*成/ })).toBeDisabled();
    tap(canvas, 100, 50);
    tap(canvas, 300, 50);
    tap(canvas, 300, 50); // second tap of a double tap: no new corner
    expect(screen.getByText('已点 2 个顶点，至少 3 个')).toBeInTheDocument();
    tap(canvas, 200, 250);
    fireEvent.click(screen.getByRole('button', { name: /完\s*成/ }));
    expect(latest).toHaveLength(1);
    expect(latest[0]).toMatchObject({ shape: 'polygon', coords: { points: [[0, 0], [0.5, 0], [0.25, 1]] } });

    fireEvent.click(screen.getByText('圆形'));
    fireEvent.pointerDown(canvas, { clientX: 300, clientY: 150, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 300, clientY: 190, pointerId: 1 }); // 40 px down = 0.1 of the width
    expect(latest[1]).toMatchObject({ shape: 'circle', coords: { cx: 0.5, cy: 0.5, r: 0.1 } });
    const ellipse = canvas.querySelector('[data-region="2"]')!;
    expect(Number(ellipse.getAttribute('rx'))).toBeCloseTo(0.1);
    expect(Number(ellipse.getAttribute('ry'))).toBeCloseTo(0.2); // 0.2 of 200 px = 40 px = 0.1 of 400 px
  });

  it('selects a region with the select tool and deletes it', () => {
    render(<Harness initial={[{ shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.2, h: 0.2 }, title: '灭火器被挡', risk: null, fix: null }]} />);
    const canvas = layOut();
    fireEvent.click(screen.getByText('选择'));
    fireEvent.pointerDown(canvas.querySelector('[data-region="1"]')!, { clientX: 160, clientY: 80, pointerId: 1 });
    fireEvent.click(within(screen.getByLabelText('隐患区域详情')).getByRole('button', { name: /删除此区域/ }));
    expect(latest).toEqual([]);
  });
});
