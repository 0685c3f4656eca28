// A picture that opens full screen on a tap (or its 放大 button, for the keyboard and screen readers) in a
// modal dialog: Esc or 关闭 leaves it; a tap on the big picture shows it at its own size to scroll around,
// and a phone's pinch zoom works as on any page. Pictures of one set (`set`) page through with 上一张 / 下一张
// and the arrow keys, round the set. Stands in for antd's Image and its preview.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { CloseOutlined, ExpandOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { t } from '../../../../../lib/i18n';
import './ZoomImage.css';

export interface ZoomPicture {
  src: string;
  alt: string;
}

export interface ZoomImageProps extends ZoomPicture {
  /** the set this picture is one of (itself included), paged through full screen */
  set?: ZoomPicture[];
  className?: string;
  style?: CSSProperties;
}

export function ZoomImage({ src, alt, set, className, style }: ZoomImageProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // the focus goes back to 放大 once the dialog has gone (while it is open, the page behind it is inert)
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      opener.current?.focus();
    }
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className={`ui-zoom${className ? ` ${className}` : ''}`} style={style}>
      <img src={src} alt={alt} decoding="async" onClick={() => setOpen(true)} />
      <button ref={opener} type="button" className="ui-zoom-open" aria-label={t('放大查看：{name}', { name: alt })} onClick={() => setOpen(true)}>
        <ExpandOutlined />
      </button>
      {open && <ZoomDialog pictures={set?.length ? set : [{ src, alt }]} start={Math.max(0, set?.findIndex((p) => p.src === src && p.alt === alt) ?? 0)} onClose={close} />}
    </div>
  );
}

function ZoomDialog({ pictures, start, onClose }: { pictures: ZoomPicture[]; start: number; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [actualSize, setActualSize] = useState(false);
  const [index, setIndex] = useState(start);
  const { src, alt } = pictures[index] ?? pictures[0]!;
  const many = pictures.length > 1;
  // round the set: the last picture's 下一张 is the first (a button never turns off under the finger or the focus)
  const go = (to: number) => {
    setIndex((to + pictures.length) % pictures.length);
    setActualSize(false);
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // a browser without modal dialogs (or a test's DOM) gets an open one drawn the same way
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    dialog.querySelector<HTMLButtonElement>('.ui-zoom-close')?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="ui-zoom-dialog"
      aria-label={alt}
      onCancel={(e) => {
        // Esc: the page decides, so the dialog leaves with its opener's state
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        } else if (many && e.key === 'ArrowLeft') go(index - 1);
        else if (many && e.key === 'ArrowRight') go(index + 1);
      }}
    >
      <div className="ui-zoom-bar">
        <span className="ui-zoom-name">{alt}</span>
        {many && (
          <>
            <button type="button" aria-label={t('上一张')} onClick={() => go(index - 1)}>
              <LeftOutlined />
            </button>
            <span className="ui-zoom-count">
              {index + 1} / {pictures.length}
            </span>
            <button type="button" aria-label={t('下一张')} onClick={() => go(index + 1)}>
              <RightOutlined />
            </button>
          </>
        )}
        <button type="button" className="ui-zoom-size" aria-pressed={actualSize} onClick={() => setActualSize(!actualSize)}>
          {actualSize ? t('缩小') : t('放大')}
        </button>
        <button type="button" className="ui-zoom-close" aria-label={t('关闭')} onClick={onClose}>
          <CloseOutlined />
        </button>
      </div>
      <div className={`ui-zoom-stage${actualSize ? ' actual' : ''}`} onClick={(e) => e.target === e.currentTarget && onClose()}>
        <img src={src} alt={alt} onClick={() => setActualSize(!actualSize)} />
      </div>
    </dialog>
  );
}
