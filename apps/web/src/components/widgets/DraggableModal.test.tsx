import './testing/pointerEvents';
import { configure, act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DraggableModal } from './DraggableModal';
import { clampOffset } from './dragBounds';

// Dialogs render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });

const box = () => document.querySelector('.draggable-modal-box') as HTMLElement;
const title = () => screen.getByTestId('draggable-modal-title');

/** The dialog sits at left 312, top 100, 400 × 300, inside a 1024 × 768 window (plus its current offset). */
function placeDialog() {
  Object.assign(window, { innerWidth: 1024, innerHeight: 768 });
  vi.spyOn(box(), 'getBoundingClientRect').mockImplementation(() => {
    const m = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(box().style.transform) ?? ['', '0', '0'];
    const x = 312 + Number(m[1]);
    const y = 100 + Number(m[2]);
    return { left: x, top: y, right: x + 400, bottom: y + 300, width: 400, height: 300, x, y, toJSON: () => ({}) } as DOMRect;
  });
}

function drag(dx: number, dy: number) {
  fireEvent.pointerDown(title(), { clientX: 500, clientY: 120, button: 0, pointerId: 1 });
  fireEvent.pointerMove(title(), { clientX: 500 + dx, clientY: 120 + dy, pointerId: 1 });
  fireEvent.pointerUp(title(), { clientX: 500 + dx, clientY: 120 + dy, pointerId: 1 });
}

describe('DraggableModal', () => {
  it('moves with the title bar', () => {
    render(<DraggableModal open title="可拖拽弹窗">内容</DraggableModal>);
    placeDialog();
    drag(-50, 30);
    expect(box()).toHaveStyle({ transform: 'translate(-50px, 30px)' });
    drag(10, 10);
    expect(box()).toHaveStyle({ transform: 'translate(-40px, 40px)' });
  });

  it('stays inside the window however far it is dragged', () => {
    render(<DraggableModal open title="可拖拽弹窗">内容</DraggableModal>);
    placeDialog();
    drag(5000, 5000); // right edge 712 → 1024, bottom 400 → 768
    expect(box()).toHaveStyle({ transform: 'translate(312px, 368px)' });
    drag(-5000, -5000);
    expect(box()).toHaveStyle({ transform: 'translate(-312px, -100px)' });
  });

  it('does not drag when draggable is false or while fullscreen', () => {
    const { rerender } = render(<DraggableModal open title="弹窗" draggable={false}>内容</DraggableModal>);
    placeDialog();
    drag(100, 100);
    expect(box()).toHaveStyle({ transform: 'translate(0px, 0px)' });
    rerender(<DraggableModal open title="弹窗" fullscreen>内容</DraggableModal>);
    drag(100, 100);
    expect(box()).toHaveStyle({ transform: 'translate(0px, 0px)' });
  });

  it('the title-bar switch toggles fullscreen and reports it', () => {
    const onFullscreenChange = vi.fn();
    render(
      <DraggableModal open title="弹窗" width={600} onFullscreenChange={onFullscreenChange}>
        内容
      </DraggableModal>,
    );
    const dialog = () => document.querySelector('.ant-modal') as HTMLElement;
    expect(dialog()).toHaveStyle({ width: '600px' });
    fireEvent.click(screen.getByLabelText('全屏'));
    expect(onFullscreenChange).toHaveBeenLastCalledWith(true);
    expect(dialog()).toHaveStyle({ width: '100vw', top: '0px' });
    expect(document.querySelector('.draggable-modal-fullscreen')).not.toBeNull();
    fireEvent.click(screen.getByLabelText('退出全屏'));
    expect(onFullscreenChange).toHaveBeenLastCalledWith(false);
    expect(dialog()).toHaveStyle({ width: '600px' });
  });

  it('controlled fullscreen follows the prop; clicking the switch only reports', () => {
    const onFullscreenChange = vi.fn();
    render(<DraggableModal open title="弹窗" fullscreen onFullscreenChange={onFullscreenChange}>内容</DraggableModal>);
    fireEvent.click(screen.getByLabelText('退出全屏'));
    expect(onFullscreenChange).toHaveBeenCalledWith(false);
    expect(screen.getByLabelText('退出全屏')).toBeInTheDocument();
  });

  it('passes Modal props through: footer buttons and onCancel', () => {
    const onCancel = vi.fn();
    render(<DraggableModal open title="弹窗" onCancel={onCancel} okText="保存">内容</DraggableModal>);
    expect(screen.getByText('内容')).toBeInTheDocument();
    expect(screen.getByText(/^保\s*存$/)).toBeInTheDocument();
    act(() => fireEvent.click(document.querySelector('.ant-modal-close')!));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('clampOffset', () => {
  const viewport = { width: 1000, height: 800 };
  it('limits the move to the window edges', () => {
    const box = { left: 100, top: 50, right: 500, bottom: 350 };
    expect(clampOffset({ x: 0, y: 0 }, box, { x: 20, y: -20 }, viewport)).toEqual({ x: 20, y: -20 });
    expect(clampOffset({ x: 0, y: 0 }, box, { x: 900, y: 900 }, viewport)).toEqual({ x: 500, y: 450 });
    expect(clampOffset({ x: 0, y: 0 }, box, { x: -900, y: -900 }, viewport)).toEqual({ x: -100, y: -50 });
  });
  it('a box larger than the window keeps its top-left corner in view', () => {
    const big = { left: 0, top: 0, right: 1400, bottom: 1000 };
    expect(clampOffset({ x: 0, y: 0 }, big, { x: 300, y: 300 }, viewport)).toEqual({ x: 0, y: 0 });
    expect(clampOffset({ x: 0, y: 0 }, big, { x: -300, y: -300 }, viewport)).toEqual({ x: 0, y: 0 });
  });
});
