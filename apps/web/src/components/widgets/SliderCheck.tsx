// Drag-slider human check (spec/02 §4): idle → dragging → verified when the handle reaches the end
// (text 验证通过, onSuccess fired once); releasing before the end springs back to the start.
// Keyboard: → / ← move the handle, End jumps to the end; leaving the handle short of it resets.
import { useImperativeHandle, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type Ref } from 'react';
import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { t } from '../../lib/i18n';

export const SLIDER_IDLE_TEXT = '请按住滑块拖动';
export const SLIDER_SUCCESS_TEXT = '验证通过';

export interface SliderCheckHandle {
  /** Back to the idle state (e.g. after a failed sign-in). */
  reset(): void;
}

export interface SliderCheckProps {
  /** Track width in pixels; default 300. */
  width?: number;
  height?: number;
  text?: string;
  successText?: string;
  onSuccess?: () => void;
  disabled?: boolean;
  ref?: Ref<SliderCheckHandle>;
}

const KEY_STEP = 0.1;

export function SliderCheck({ width = 300, height = 40, text = t(SLIDER_IDLE_TEXT), successText = t(SLIDER_SUCCESS_TEXT), onSuccess, disabled, ref }: SliderCheckProps) {
  const handleWidth = height;
  const max = Math.max(0, width - handleWidth);
  const [offset, setOffset] = useState(0);
  const [verified, setVerified] = useState(false);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ startX: number; pointerId: number } | null>(null);

  useImperativeHandle(ref, () => ({
    reset: () => {
      drag.current = null;
      setDragging(false);
      setVerified(false);
      setOffset(0);
    },
  }));

  const finish = (at: number) => {
    if (at >= max) {
      setOffset(max);
      setVerified(true);
      onSuccess?.();
    } else {
      setOffset(0);
    }
  };

  const clamp = (x: number) => Math.min(max, Math.max(0, x));

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (verified || disabled) return;
    e.preventDefault();
    drag.current = { startX: e.clientX, pointerId: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDragging(true);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setOffset(clamp(e.clientX - drag.current.startX));
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const at = clamp(e.clientX - drag.current.startX);
    drag.current = null;
    setDragging(false);
    finish(at);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (verified || disabled) return;
    let next: number | undefined;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = clamp(offset + max * KEY_STEP);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = clamp(offset - max * KEY_STEP);
    else if (e.key === 'End') next = max;
    else if (e.key === 'Home') next = 0;
    if (next === undefined) return;
    e.preventDefault();
    if (next >= max) finish(max);
    else setOffset(next);
  };

  const percent = max ? Math.round((offset / max) * 100) : 0;
  const green = '#52c41a';
  return (
    <div
      className="slider-check"
      data-verified={verified || undefined}
      style={{
        position: 'relative',
        width,
        height,
        lineHeight: `${height}px`,
        background: '#e8e8e8',
        borderRadius: 4,
        textAlign: 'center',
        userSelect: 'none',
        overflow: 'hidden',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <div data-testid="slider-progress" style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: offset + handleWidth / 2, background: green, transition: dragging ? 'none' : 'width .3s' }} />
      <span style={{ position: 'relative', color: verified ? '#fff' : '#666', fontSize: 14 }} aria-live="polite">
        {verified ? successText : text}
      </span>
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={verified ? successText : `${percent}%`}
        aria-disabled={disabled || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onBlur={() => !verified && !drag.current && setOffset(0)}
        style={{
          position: 'absolute',
          top: 0,
          left: offset,
          width: handleWidth,
          height,
          background: '#fff',
          border: '1px solid #d9d9d9',
          borderRadius: 4,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: verified || disabled ? 'default' : 'move',
          touchAction: 'none',
          transition: dragging ? 'none' : 'left .3s',
        }}
      >
        {verified ? <CheckCircleFilled style={{ color: green }} /> : <DoubleRightOutlined style={{ color: '#999' }} />}
      </div>
    </div>
  );
}
