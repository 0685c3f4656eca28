// The review of a run: the clip as a bar with each hazard's window (darker where a tap scores more) and
// the taps as marks, the one that counted for a window drawn taller; then each hazard with its points and
// what to look out for.
import { Card, List, Tag } from 'antd';
import type { HazardClipReview } from '@anxue/shared/hazard-clip';
import { t } from '../../../../lib/i18n';

const pct = (s: number, duration: number) => `${Math.min(100, Math.max(0, (s / duration) * 100))}%`;
const secs = (s: number) => t('{s}秒', { s: Number(s.toFixed(1)) });

export function ClipTimeline({ review }: { review: HazardClipReview }) {
  const counted = new Set(review.windows.map((w) => w.tap).filter((x): x is number => x !== null));
  return (
    <div className="clip-timeline-wrap">
      <div
        className="clip-timeline"
        role="img"
        aria-label={t('时间轴：{w} 处危险，{n} 次点击', { w: review.windows.length, n: review.taps.length })}
      >
        {review.windows.map((w, i) => (
          <div key={i} className="clip-window" style={{ left: pct(w.start, review.duration), width: `calc(${pct(w.end - w.start, review.duration)})` }} title={w.title}>
            <span>{i + 1}</span>
          </div>
        ))}
        {review.taps.map((tap, i) => (
          <div key={i} className={`clip-tap${counted.has(tap) && !review.patterned ? ' counted' : ''}`} style={{ left: pct(tap, review.duration) }} data-tap={tap} />
        ))}
      </div>
      <div className="clip-axis area-muted">
        <span>0</span>
        <span>{secs(review.duration)}</span>
      </div>
    </div>
  );
}

export function ClipWindows({ review }: { review: HazardClipReview }) {
  return (
    <Card size="small" title={t('全部危险')} style={{ marginTop: 12 }}>
      <List
        dataSource={review.windows}
        renderItem={(w, i) => (
          <List.Item>
            <List.Item.Meta
              title={
                <span className="clip-window-title">
                  <span>
                    {i + 1}. {w.title}
                  </span>
                  {w.score > 0 ? <Tag color="success">{t('{n} 分', { n: w.score })}</Tag> : <Tag color="orange">{w.tap !== null ? t('0 分') : t('没发现')}</Tag>}
                </span>
              }
              description={
                <>
                  <div>
                    {t('危险出现在 {from} – {to}', { from: secs(w.start), to: secs(w.end) })}
                    {w.tap !== null ? ` · ${t('你在 {at} 点了', { at: secs(w.tap) })}` : ''}
                  </div>
                  {w.explanation && <div>{w.explanation}</div>}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
