// 课堂模式: one slide at a time, as large as the screen allows, for a whole class to watch. Uses the
// Fullscreen API; where the browser refuses it (iOS Safari, an embedded view) the fixed overlay alone
// covers the window. Arrow keys and the buttons move between slides.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { t } from '../../../../lib/i18n';

export interface ClassroomSlide {
  key: string;
  title: string;
  content: ReactNode;
}

export interface ClassroomViewProps {
  slides: ClassroomSlide[];
  /** index to show first (e.g. the last picture when coming back from the next lesson) */
  start?: number;
  onClose: () => void;
  /** past the last slide: the next lesson or scene, when there is one */
  onBeyondEnd?: () => void;
  /** before the first slide */
  onBeforeStart?: () => void;
}

export function ClassroomView({ slides, start = 0, onClose, onBeyondEnd, onBeforeStart }: ClassroomViewProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const slideKeys = slides.map((s) => s.key).join('|');

  // a new set of slides (the next lesson) starts where the caller says
  useEffect(() => setIndex(Math.min(start, Math.max(0, slides.length - 1))), [slideKeys, start, slides.length]);

  useEffect(() => {
    const el = stageRef.current;
    if (el?.requestFullscreen && !document.fullscreenElement) {
      el.requestFullscreen().catch(() => {
        /* the overlay stays: fullscreen refused */
      });
    }
    return () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
  }, []);

  const next = useCallback(() => {
    if (index < slides.length - 1) setIndex(index + 1);
    else onBeyondEnd?.();
  }, [index, slides.length, onBeyondEnd]);
  const prev = useCallback(() => {
    if (index > 0) setIndex(index - 1);
    else onBeforeStart?.();
  }, [index, onBeforeStart]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight' || e.key === 'PageDown') next();
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') prev();
      else if (e.key === 'Escape' && !document.fullscreenElement) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, prev, onClose]);

  const slide = slides[index];
  const hasNext = index < slides.length - 1 || !!onBeyondEnd;
  const hasPrev = index > 0 || !!onBeforeStart;

  return createPortal(
    <div className="area-classroom" ref={stageRef} role="dialog" aria-label={t('课堂模式')}>
      <div className="area-classroom-stage">{slide ? slide.content : null}</div>
      <div className="area-classroom-bar">
        <Button ghost icon={<LeftOutlined />} disabled={!hasPrev} onClick={prev}>
          {t('上一个')}
        </Button>
        <div style={{ textAlign: 'center', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {slide?.title} {slides.length > 1 && <span style={{ opacity: 0.7 }}>{t('（{n} / {total}）', { n: index + 1, total: slides.length })}</span>}
        </div>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button ghost disabled={!hasNext} onClick={next}>
            {t('下一个')} <RightOutlined />
          </Button>
          <Button ghost icon={<CloseOutlined />} onClick={onClose} aria-label={t('退出课堂模式')}>
            {t('退出', undefined, 'leave')}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
