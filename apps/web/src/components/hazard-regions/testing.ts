// Test helpers for the region editor in jsdom, which has no layout and no PointerEvent.
import { fireEvent } from '@testing-library/react';

/** A MouseEvent with a pointer id stands in for PointerEvent: it carries clientX/clientY the same way. */
export function installPointerEvent() {
  if (window.PointerEvent) return;
  class PointerEventLike extends MouseEvent {
    pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  window.PointerEvent = PointerEventLike as unknown as typeof PointerEvent;
}

/** Lays the editor's picture out at (left, top) with the given shown size; `natural` is its own size (fires load). */
export function layOutEditor(root: ParentNode, box: { left: number; top: number; width: number; height: number }, natural?: { width: number; height: number }) {
  const img = root.querySelector('img[alt="隐患图片"]') as HTMLImageElement;
  if (natural) {
    Object.defineProperty(img, 'naturalWidth', { value: natural.width, configurable: true });
    Object.defineProperty(img, 'naturalHeight', { value: natural.height, configurable: true });
    fireEvent.load(img);
  }
  const canvas = root.querySelector('svg[aria-label="隐患区域绘制区"]') as SVGSVGElement;
  canvas.getBoundingClientRect = () => ({ ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top, toJSON: () => ({}) });
  return canvas;
}

/** A press and release at one point (a tap or click). */
export function tap(el: Element, x: number, y: number) {
  fireEvent.pointerDown(el, { clientX: x, clientY: y, pointerId: 1 });
  fireEvent.pointerUp(el, { clientX: x, clientY: y, pointerId: 1 });
}

/** A drag from one point to another. */
export function drag(el: Element, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(el, { clientX: from[0], clientY: from[1], pointerId: 1 });
  fireEvent.pointerMove(el, { clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2, pointerId: 1 });
  fireEvent.pointerUp(el, { clientX: to[0], clientY: to[1], pointerId: 1 });
}
