import { describe, expect, it } from 'vitest';
import type { HazardRegionView } from '@anxue/shared/students';
import { containRect, regionAt } from './HazardStage';

// Where a letterboxed picture lands on a screen, and which hazard a teacher's click on it names.
describe('containRect', () => {
  it('puts a 16:10 picture on a 1920×1080 screen at full height with bars left and right', () => {
    expect(containRect(1920, 1080, 800, 500)).toEqual({ left: 96, top: 0, width: 1728, height: 1080 });
  });
  it('puts a portrait picture on a 1280×720 screen at full height, centred', () => {
    const r = containRect(1280, 720, 600, 850);
    expect(r.height).toBe(720);
    expect(r.width).toBeCloseTo(508.24, 2);
    expect(r.left).toBeCloseTo((1280 - r.width) / 2, 6);
  });
  it('puts a wide picture in a phone-shaped box at full width with bars above and below', () => {
    expect(containRect(390, 844, 1600, 900)).toEqual({ left: 0, top: 312.3125, width: 390, height: 219.375 });
  });
  it('fills the box while the picture has no size yet', () => {
    expect(containRect(300, 200, 0, 0)).toEqual({ left: 0, top: 0, width: 300, height: 200 });
  });
});

describe('regionAt', () => {
  const regions: HazardRegionView[] = [
    { id: 'rect', shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.2, h: 0.2 }, title: '插座', risk: null, fix: null },
    // r is a fraction of the width: on a 2:1 picture it spans twice as much of the height
    { id: 'circle', shape: 'circle', coords: { cx: 0.5, cy: 0.5, r: 0.1 }, title: '积水', risk: null, fix: null },
    { id: 'triangle', shape: 'polygon', coords: { points: [[0.7, 0.7], [0.9, 0.7], [0.7, 0.9]] }, title: '梯子', risk: null, fix: null },
  ];
  const at = (x: number, y: number) => regionAt(regions, { x, y }, 1600, 800)?.id;
  it('names the hazard under a click, or none', () => {
    expect(at(0.2, 0.2)).toBe('rect');
    expect(at(0.5, 0.68)).toBe('circle');
    expect(at(0.5, 0.72)).toBeUndefined();
    expect(at(0.75, 0.75)).toBe('triangle');
    expect(at(0.85, 0.85)).toBeUndefined();
    expect(at(0.02, 0.95)).toBeUndefined();
  });
});
