// 课堂模式 of hazard pictures: one picture at a time filling the screen (letterboxed), its hazards revealed
// one by one as the teacher talks them through: a click or tap on a hazard, Right or Space for the next in
// order, a number key for that one, A for all in turn, Left to take the last back, Esc to leave. Each
// revealed hazard is outlined with its number; the latest shows its title, risk and fix.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { LiveSceneDetail } from '@anxue/shared/live';
import { t } from '../../../../lib/i18n';
import { HazardStage, regionAt } from '../components/HazardStage';
import { liveApi } from './api';

/** Pause between hazards when all are revealed in turn (A). */
const REVEAL_ALL_MS = 900;

export interface ClassroomHazardsProps {
  scenes: Array<{ id: string; title: string }>;
  start?: number;
  onClose: () => void;
}

export function ClassroomHazards({ scenes, start = 0, onClose }: ClassroomHazardsProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(Math.min(start, Math.max(0, scenes.length - 1)));
  const sceneId = scenes[index]?.id;
  const query = useQuery({ queryKey: ['live', 'scene', sceneId], queryFn: () => liveApi.scene(sceneId!), enabled: !!sceneId });
  const scene = query.data;

  useEffect(() => {
    const el = stageRef.current;
    let entered = false;
    if (el?.requestFullscreen && !document.fullscreenElement) {
      el.requestFullscreen().then(
        () => (entered = true),
        () => {
          /* the overlay stays: fullscreen refused */
        },
      );
    }
    // the browser's own Esc leaves fullscreen without a key event: leaving it leaves the screen
    const onChange = () => {
      if (entered && !document.fullscreenElement) onClose();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
  }, [onClose]);

  const move = useCallback((to: number) => setIndex(Math.max(0, Math.min(scenes.length - 1, to))), [scenes.length]);

  return createPortal(
    <div className="area-classroom classroom-hazards" ref={stageRef} role="dialog" aria-label={t('课堂模式')}>
      {scene && scene.id === sceneId ? (
        <Picture key={scene.id} scene={scene} hasPrev={index > 0} hasNext={index < scenes.length - 1} onPrev={() => move(index - 1)} onNext={() => move(index + 1)} onClose={onClose} position={{ n: index + 1, total: scenes.length }} />
      ) : (
        <div className="area-classroom-stage" role="status">
          {query.isError ? <span>{query.error.message}</span> : <Spin size="large" />}
        </div>
      )}
    </div>,
    document.body,
  );
}

function Picture({
  scene,
  hasPrev,
  hasNext,
  onPrev,
  onNext,
  onClose,
  position,
}: {
  scene: LiveSceneDetail;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  onClose: () => void;
  position: { n: number; total: number };
}) {
  // revealed hazards by index into scene.regions, in the order they were revealed
  const [shown, setShown] = useState<number[]>([]);
  const [current, setCurrent] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const total = scene.regions.length;

  const reveal = useCallback((i: number) => {
    if (i < 0 || i >= total) return;
    setShown((s) => (s.includes(i) ? s : [...s, i]));
    setCurrent(i);
  }, [total]);
  const revealNext = useCallback(() => {
    const next = scene.regions.findIndex((_, i) => !shown.includes(i));
    if (next >= 0) reveal(next);
    else if (hasNext) onNext();
  }, [scene.regions, shown, reveal, hasNext, onNext]);
  const hideLast = useCallback(() => {
    if (!shown.length) {
      if (hasPrev) onPrev();
      return;
    }
    const rest = shown.slice(0, -1);
    setShown(rest);
    setCurrent(rest.length ? rest[rest.length - 1] : null);
  }, [shown, hasPrev, onPrev]);

  // A: every hazard not yet shown, in order, a moment apart
  useEffect(() => {
    if (!playing) return;
    const next = scene.regions.findIndex((_, i) => !shown.includes(i));
    if (next < 0) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => reveal(next), shown.length ? REVEAL_ALL_MS : 0);
    return () => clearTimeout(timer);
  }, [playing, shown, scene.regions, reveal]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      // a focused button takes Space and Enter itself
      if ((e.key === ' ' || e.key === 'Enter') && (e.target as HTMLElement)?.closest?.('button')) return;
      if (e.key === 'ArrowRight' || e.key === ' ' || e.key === 'Spacebar') {
        e.preventDefault();
        revealNext();
      } else if (e.key === 'ArrowLeft') hideLast();
      else if (e.key === 'PageDown' && hasNext) onNext();
      else if (e.key === 'PageUp' && hasPrev) onPrev();
      else if (e.key === 'a' || e.key === 'A') setPlaying(true);
      else if (/^[1-9]$/.test(e.key)) reveal(Number(e.key) - 1);
      else if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [revealNext, hideLast, reveal, onClose, hasNext, hasPrev, onNext, onPrev]);

  const detail = current !== null ? scene.regions[current] : null;
  return (
    <>
      <div className="area-classroom-stage classroom-hazards-stage">
        <HazardStage
          src={scene.image}
          alt={scene.title}
          width={scene.imageWidth}
          height={scene.imageHeight}
          shown={shown.map((i) => ({ region: scene.regions[i], number: i + 1, current: i === current }))}
          onPoint={(p) => {
            const hit = regionAt(scene.regions, p, scene.imageWidth, scene.imageHeight);
            if (hit) reveal(scene.regions.indexOf(hit));
          }}
        />
        {detail && current !== null && (
          <section className="classroom-hazard-card" role="status" aria-live="polite" data-hazard={current + 1}>
            <h2>
              <span className="classroom-hazard-no">{current + 1}</span> {detail.title}
            </h2>
            {detail.risk && (
              <p>
                <b>{t('风险')}</b> {detail.risk}
              </p>
            )}
            {detail.fix && (
              <p>
                <b>{t('整改')}</b> {detail.fix}
              </p>
            )}
          </section>
        )}
      </div>
      <div className="area-classroom-bar classroom-hazards-bar">
        <Button ghost icon={<LeftOutlined />} disabled={!hasPrev} onClick={onPrev}>
          {t('上一张')}
        </Button>
        <div className="classroom-hazards-title">
          {scene.title} <span style={{ opacity: 0.7 }}>{t('（{n} / {total}）', { n: position.n, total: position.total })}</span>
          <span className="classroom-hazards-count" role="status">
            {t('已揭晓 {n} / {total} 处', { n: shown.length, total })}
          </span>
        </div>
        <div className="classroom-hazards-buttons" role="group" aria-label={t('揭晓隐患')}>
          {scene.regions.map((r, i) => (
            <Button key={r.id} ghost aria-pressed={shown.includes(i)} aria-label={t('揭晓第 {n} 处隐患', { n: i + 1 })} className={shown.includes(i) ? 'on' : ''} onClick={() => reveal(i)}>
              {i + 1}
            </Button>
          ))}
          <Button ghost disabled={shown.length === total} onClick={() => setPlaying(true)}>
            {t('全部揭晓')}
          </Button>
        </div>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button ghost disabled={!hasNext} onClick={onNext}>
            {t('下一张')} <RightOutlined />
          </Button>
          <Button ghost icon={<CloseOutlined />} onClick={onClose} aria-label={t('退出课堂模式')}>
            {t('退出', undefined, 'leave')}
          </Button>
        </div>
      </div>
    </>
  );
}
