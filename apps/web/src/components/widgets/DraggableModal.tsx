// antd Modal with a fullscreen switch in the title bar and dragging by the title bar, kept inside the
// window (spec/02 §4 Modal). Props are Modal's plus fullscreen / defaultFullscreen / draggable.
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip, type ModalProps } from 'antd';
import { clampOffset, type Offset } from './dragBounds';
import { t } from '../../lib/i18n';

export interface DraggableModalProps extends ModalProps {
  /** Controlled fullscreen state. */
  fullscreen?: boolean;
  defaultFullscreen?: boolean;
  onFullscreenChange?: (fullscreen: boolean) => void;
  /** Drag by the title bar (default true; never while fullscreen). */
  draggable?: boolean;
  /** Show the fullscreen switch (default true). */
  switchFullscreen?: boolean;
}

const ORIGIN: Offset = { x: 0, y: 0 };

export function DraggableModal({
  fullscreen: fullscreenProp,
  defaultFullscreen = false,
  onFullscreenChange,
  draggable = true,
  switchFullscreen = true,
  title,
  open,
  width,
  style,
  styles,
  modalRender,
  wrapClassName,
  ...rest
}: DraggableModalProps) {
  const [ownFullscreen, setOwnFullscreen] = useState(defaultFullscreen);
  const fullscreen = fullscreenProp ?? ownFullscreen;
  const [offset, setOffset] = useState<Offset>(ORIGIN);
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointer: Offset; start: Offset; rect: DOMRect } | null>(null);

  // Every opening starts centred.
  useEffect(() => {
    if (open) setOffset(ORIGIN);
  }, [open]);

  const toggleFullscreen = () => {
    const next = !fullscreen;
    if (fullscreenProp === undefined) setOwnFullscreen(next);
    onFullscreenChange?.(next);
    setOffset(ORIGIN);
  };

  const canDrag = draggable && !fullscreen;
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!canDrag || !box.current || e.button !== 0) return;
    if ((e.target as HTMLElement).closest('button')) return;
    e.preventDefault();
    drag.current = { pointer: { x: e.clientX, y: e.clientY }, start: offset, rect: box.current.getBoundingClientRect() };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setOffset(
      clampOffset(d.start, d.rect, { x: e.clientX - d.pointer.x, y: e.clientY - d.pointer.y }, { width: window.innerWidth, height: window.innerHeight }),
    );
  };
  const endDrag = () => {
    drag.current = null;
  };

  const titleBar: ReactNode = (
    <div
      className="draggable-modal-title"
      data-testid="draggable-modal-title"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, paddingRight: 32, cursor: canDrag ? 'move' : undefined, userSelect: 'none', touchAction: 'none' }}
    >
      <span style={{ flex: 1, minWidth: 0 }}>{title}</span>
      {switchFullscreen && (
        <Tooltip title={fullscreen ? t('退出全屏') : t('全屏')}>
          <Button type="text" size="small" aria-label={fullscreen ? t('退出全屏') : t('全屏')} icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFullscreen} />
        </Tooltip>
      )}
    </div>
  );

  const fullscreenStyle: CSSProperties = { top: 0, paddingBottom: 0, margin: 0, maxWidth: '100vw' };
  return (
    <Modal
      {...rest}
      open={open}
      title={titleBar}
      width={fullscreen ? '100vw' : width}
      style={fullscreen ? { ...style, ...fullscreenStyle } : style}
      wrapClassName={[wrapClassName, fullscreen ? 'draggable-modal-fullscreen' : undefined].filter(Boolean).join(' ') || undefined}
      styles={
        fullscreen
          ? {
              ...styles,
              content: { ...styles?.content, minHeight: '100vh', borderRadius: 0, display: 'flex', flexDirection: 'column' },
              body: { ...styles?.body, flex: 1, overflow: 'auto' },
            }
          : styles
      }
      modalRender={(node) => (
        <div ref={box} className="draggable-modal-box" style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}>
          {modalRender ? modalRender(node) : node}
        </div>
      )}
    />
  );
}
