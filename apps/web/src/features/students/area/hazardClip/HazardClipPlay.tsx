// One viewing of a 危险预判 clip. 开始 opens a run on the server and plays the clip without controls (no
// seeking back); 看到危险, a tap on the video or the Space key marks the moment. At the end the taps go to the
// server, which scores them; the page then shows the score, the warning when the taps looked like guessing,
// and the review timeline with each hazard's window and explanation; ?run= keeps that review's address.
import { useCallback, useEffect, useRef, useState } from 'react';
import { EyeOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Space, Statistic } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { HazardClipReview, HazardClipStart } from '@anxue/shared/hazard-clip';
import { t } from '../../../../lib/i18n';
import { clock } from '../components/format';
import { PageTitle } from '../components/PageTitle';
import { clipApi, clipKeys } from './api';
import { ClipTimeline, ClipWindows } from './ClipTimeline';
import './hazardClip.css';

type Phase = { kind: 'ready' } | { kind: 'playing'; run: HazardClipStart } | { kind: 'done'; review: HazardClipReview };

export default function HazardClipPlay() {
  const { clipId = '' } = useParams();
  const queryClient = useQueryClient();
  const clips = useQuery({ queryKey: clipKeys.clips, queryFn: clipApi.clips });
  const card = clips.data?.find((c) => c.id === clipId);
  const [params, setParams] = useSearchParams();
  const runId = params.get('run');
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const stored = useQuery({ queryKey: ['study', 'hazardClipReview', runId], queryFn: () => clipApi.review(runId!), enabled: !!runId && phase.kind === 'ready' });
  useEffect(() => {
    if (stored.data && phase.kind === 'ready') setPhase({ kind: 'done', review: stored.data });
  }, [stored.data, phase.kind]);
  const start = useMutation({ mutationFn: () => clipApi.start(clipId), onSuccess: (run) => setPhase({ kind: 'playing', run }) });
  const back = { to: '/students/hazardClipList', label: t('危险预判') };
  const title = phase.kind === 'playing' ? phase.run.clip.title : phase.kind === 'done' ? phase.review.title : (card?.title ?? t('危险预判'));

  return (
    <div className="clip-page">
      <PageTitle title={title} back={back} />
      {phase.kind === 'ready' && runId && stored.isError && <Alert type="warning" showIcon message={t('这次观看的成绩读取失败')} style={{ marginBottom: 12 }} />}
      {phase.kind === 'ready' && (!runId || stored.isError) && (
        <div className="clip-ready">
          {card?.description && <p>{card.description}</p>}
          <p className="area-muted">{t('视频开始后不能暂停或后退。看到正在形成、可能让人不得不减速或躲避的危险时，马上点“看到危险”（也可以点视频或按空格键）。')}</p>
          <Button type="primary" size="large" block icon={<PlayCircleOutlined />} loading={start.isPending} onClick={() => start.mutate()} className="clip-big">
            {t('开始观看')}
          </Button>
        </div>
      )}
      {phase.kind === 'playing' && (
        <ClipPlayer
          run={phase.run}
          onReviewed={(review) => {
            setPhase({ kind: 'done', review });
            setParams({ run: review.runId }, { replace: true });
            void queryClient.invalidateQueries({ queryKey: clipKeys.clips });
          }}
        />
      )}
      {phase.kind === 'done' && (
        <ClipResult
          review={phase.review}
          onAgain={() => {
            setParams({}, { replace: true });
            setPhase({ kind: 'ready' });
          }}
        />
      )}
    </div>
  );
}

function ClipPlayer({ run, onReviewed }: { run: HazardClipStart; onReviewed: (r: HazardClipReview) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const taps = useRef<number[]>([]);
  const [count, setCount] = useState(0);
  const [now, setNow] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [ended, setEnded] = useState(false);
  const [flash, setFlash] = useState(0);
  const duration = run.clip.duration;
  const submit = useMutation({ mutationFn: () => clipApi.submit(run.runId, taps.current), onSuccess: onReviewed });

  const tap = useCallback(() => {
    const v = video.current;
    if (!v || v.paused || v.ended) return;
    // the page's clock is the video's: a tap is where the clip is, inside its length
    const at = Math.min(duration, Math.max(0, Math.round(v.currentTime * 1000) / 1000));
    const last = taps.current[taps.current.length - 1];
    taps.current.push(last !== undefined && at < last ? last : at);
    setCount(taps.current.length);
    setFlash((f) => f + 1);
  }, [duration]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Space' && e.key !== ' ') return;
      e.preventDefault();
      if (e.type === 'keydown' && !e.repeat) tap();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, [tap]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    // started by the 开始 press; a browser that still refuses sound plays it muted
    Promise.resolve()
      .then(() => v.play())
      .catch(() => {
        v.muted = true;
        return v.play();
      })
      .catch(() => undefined);
  }, []);

  const finish = () => {
    setEnded(true);
    setPlaying(false);
    submit.mutate();
  };

  return (
    <>
      <div className="clip-stage">
        <video
          ref={video}
          className="clip-video"
          src={run.clip.videoUrl}
          playsInline
          preload="auto"
          disablePictureInPicture
          controlsList="nodownload noplaybackrate"
          onPlaying={() => setPlaying(true)}
          onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
          onEnded={finish}
          onPointerDown={(e) => {
            e.preventDefault();
            tap();
          }}
          aria-label={t('危险预判视频：{title}', { title: run.clip.title })}
        />
        {flash > 0 && <div key={flash} className="clip-flash" aria-hidden />}
      </div>
      <div className="clip-status">
        <span className="area-muted" role="timer">
          {clock(now)} / {clock(duration)}
        </span>
        <span aria-live="polite">{t('已点击 {n} 次', { n: count })}</span>
      </div>
      {!ended ? (
        <Button
          type="primary"
          danger
          size="large"
          block
          className="clip-big"
          icon={<EyeOutlined />}
          disabled={!playing}
          // Space is counted by the key handler; a click the keyboard made would count it twice
          onClick={(e) => {
            if (e.detail !== 0) tap();
          }}
        >
          {t('看到危险')}
        </Button>
      ) : submit.isError ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="error" showIcon message={t('成绩没有提交成功')} />
          <Button block className="clip-big" icon={<ReloadOutlined />} onClick={() => submit.mutate()}>
            {t('重新提交')}
          </Button>
        </Space>
      ) : (
        <Alert type="info" showIcon message={t('正在计算成绩…')} />
      )}
    </>
  );
}

function ClipResult({ review, onAgain }: { review: HazardClipReview; onAgain: () => void }) {
  return (
    <>
      <Result
        status={review.patterned ? 'warning' : review.total > 0 ? 'success' : 'info'}
        title={review.patterned ? t('本次成绩无效') : t('观看完成')}
        style={{ padding: '8px 0' }}
        extra={
          <Space size="large" wrap style={{ justifyContent: 'center' }}>
            <Statistic title={t('得分')} value={review.total} suffix={`/ ${review.maxScore}`} />
            <Statistic title={t('点击')} value={review.taps.length} suffix={t('次')} />
          </Space>
        }
      />
      {review.warning && <Alert type="warning" showIcon message={t(review.warning)} style={{ marginBottom: 12 }} />}
      <ClipTimeline review={review} />
      <ClipWindows review={review} />
      <div className="clip-actions">
        <Button size="large" className="clip-big" icon={<ReloadOutlined />} onClick={onAgain}>
          {t('再看一次')}
        </Button>
      </div>
    </>
  );
}
