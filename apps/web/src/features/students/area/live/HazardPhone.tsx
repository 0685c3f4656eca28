// A hazard picture played by the class, on a student's phone: the picture at the phone's width, each tap
// placed where the student sees a hazard (a few per phone, numbered dots), then once the teacher reveals,
// every hazard outlined with its risk and fix and how many this student found.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card } from 'antd';
import type { LiveState } from '@anxue/shared/live';
import { t } from '../../../../lib/i18n';
import { HazardStage } from '../components/HazardStage';
import { liveApi } from './api';
import { liveStateKey, useRemaining } from './useLiveSession';

export function HazardPhoneCard({ state: s, updatedAt }: { state: LiveState; updatedAt: number }) {
  const h = s.hazard!;
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const remaining = useRemaining(s, updatedAt);
  const secondsLeft = remaining === null ? 0 : Math.ceil(remaining / 1000);
  const taps = s.myTaps ?? [];
  const limit = s.tapLimit ?? 0;
  const open = s.phase === 'question' && secondsLeft > 0 && taps.length < limit;
  const revealed = s.phase === 'revealed';
  const regions = s.regions ?? [];
  const ratio = h.imageWidth > 0 && h.imageHeight > 0 ? `${h.imageWidth} / ${h.imageHeight}` : '4 / 3';

  const tap = async (x: number, y: number) => {
    if (!open || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      client.setQueryData(liveStateKey(s.id), await liveApi.tap(s.id, x, y));
    } catch (err) {
      setError(err instanceof Error ? err.message : t('提交失败'));
      void client.invalidateQueries({ queryKey: liveStateKey(s.id) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="live-phone-card">
      <div className="live-phone-meta">
        <span>{t('隐患排查')}</span>
        {s.phase === 'question' && secondsLeft > 0 ? (
          <span className="live-phone-clock" role="timer" aria-label={t('剩余 {n} 秒', { n: secondsLeft })}>
            {secondsLeft}
          </span>
        ) : s.phase !== 'lobby' ? (
          <span className="live-phone-clock done">{revealed ? t('已揭晓') : t('时间到')}</span>
        ) : null}
      </div>
      <div className="live-phone-stem">{h.title}</div>
      {h.description && <div className="area-muted">{h.description}</div>}
      <div className="live-phone-picture" style={{ aspectRatio: ratio }}>
        <HazardStage
          src={h.image}
          alt={h.title}
          width={h.imageWidth}
          height={h.imageHeight}
          taps={taps}
          tapsAsRings={revealed}
          shown={regions.map((region, i) => ({ region, number: i + 1 }))}
          onPoint={open ? (p) => void tap(p.x, p.y) : undefined}
        />
      </div>
      <div className="live-phone-submitted" role="status">
        {s.phase === 'lobby'
          ? t('等老师开始排查，开始后点图片上你看到的隐患。')
          : revealed
            ? t('你找到了 {n} 处隐患（共 {total} 处）', { n: s.myHits ?? 0, total: regions.length })
            : open
              ? t('点图片上你看到的隐患，还可以点 {n} 次', { n: limit - taps.length })
              : taps.length
                ? t('已点 {n} 次，等老师揭晓隐患', { n: taps.length })
                : t('排查时间已到，等老师揭晓隐患')}
      </div>
      {revealed && (
        <ol className="live-phone-hazards" aria-label={t('隐患')}>
          {regions.map((r, i) => (
            <li key={r.id}>
              <div>
                <span className="classroom-hazard-no">{i + 1}</span> <b>{r.title}</b>
              </div>
              {r.risk && <div className="area-muted">{t('风险')}：{r.risk}</div>}
              {r.fix && <div className="area-muted">{t('整改')}：{r.fix}</div>}
            </li>
          ))}
        </ol>
      )}
      {error && <Alert style={{ marginTop: 12 }} type="error" message={error} showIcon role="alert" />}
    </Card>
  );
}
