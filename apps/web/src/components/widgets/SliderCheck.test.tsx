import './testing/pointerEvents';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SliderCheck, type SliderCheckHandle } from './SliderCheck';

// Track 300 wide, handle 40: the end is 260 px from the start.
const handle = () => screen.getByRole('slider');
function dragBy(dx: number) {
  fireEvent.pointerDown(handle(), { clientX: 10, clientY: 5, pointerId: 1, button: 0 });
  fireEvent.pointerMove(handle(), { clientX: 10 + dx / 2, clientY: 5, pointerId: 1 });
  fireEvent.pointerMove(handle(), { clientX: 10 + dx, clientY: 5, pointerId: 1 });
  fireEvent.pointerUp(handle(), { clientX: 10 + dx, clientY: 5, pointerId: 1 });
}

describe('SliderCheck', () => {
  it('asks to hold and drag the handle', () => {
    render(<SliderCheck />);
    expect(screen.getByText('请按住滑块拖动')).toBeInTheDocument();
    expect(handle()).toHaveAttribute('aria-valuenow', '0');
  });

  it('released short of the end it springs back and does not verify', () => {
    const onSuccess = vi.fn();
    render(<SliderCheck onSuccess={onSuccess} />);
    fireEvent.pointerDown(handle(), { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(handle(), { clientX: 269, pointerId: 1 });
    expect(handle()).toHaveStyle({ left: '259px' });
    fireEvent.pointerUp(handle(), { clientX: 269, pointerId: 1 });
    expect(handle()).toHaveStyle({ left: '0px' });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByText('请按住滑块拖动')).toBeInTheDocument();
  });

  it('dragged to the full width it verifies once, shows 验证通过 and stays there', () => {
    const onSuccess = vi.fn();
    render(<SliderCheck onSuccess={onSuccess} />);
    dragBy(400); // past the end is held at the end
    expect(screen.getByText('验证通过')).toBeInTheDocument();
    expect(handle()).toHaveStyle({ left: '260px' });
    expect(handle()).toHaveAttribute('aria-valuenow', '100');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    dragBy(-400);
    expect(handle()).toHaveStyle({ left: '260px' });
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('never moves left of the start', () => {
    render(<SliderCheck />);
    fireEvent.pointerDown(handle(), { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(handle(), { clientX: 20, pointerId: 1 });
    expect(handle()).toHaveStyle({ left: '0px' });
  });

  it('works by keyboard: arrows move, End verifies; leaving early resets', () => {
    const onSuccess = vi.fn();
    render(<SliderCheck onSuccess={onSuccess} />);
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    expect(handle()).toHaveAttribute('aria-valuenow', '10');
    fireEvent.blur(handle());
    expect(handle()).toHaveAttribute('aria-valuenow', '0');
    fireEvent.keyDown(handle(), { key: 'End' });
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(screen.getByText('验证通过')).toBeInTheDocument();
  });

  it('reset() brings it back to idle', () => {
    const ref = createRef<SliderCheckHandle>();
    render(<SliderCheck ref={ref} />);
    dragBy(300);
    expect(screen.getByText('验证通过')).toBeInTheDocument();
    act(() => ref.current!.reset());
    expect(screen.getByText('请按住滑块拖动')).toBeInTheDocument();
    expect(handle()).toHaveStyle({ left: '0px' });
  });

  it('disabled ignores dragging', () => {
    const onSuccess = vi.fn();
    render(<SliderCheck disabled onSuccess={onSuccess} />);
    dragBy(300);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
