// A hazard picture played by the class, on the classroom screen: the picture letterboxed with how many phones
// have tapped while tapping is open, the heat map of every tap once it closes, then the hazards revealed
// (each outlined and numbered, with its risk and fix beside the picture).
import type { LiveState, LiveSummary } from '@anxue/shared/live';
import { t } from '../../../../lib/i18n';
import { HazardStage } from '../components/HazardStage';

export function HazardScreenStage({ state: s, secondsLeft }: { state: LiveState; secondsLeft: number | null }) {
  const h = s.hazard!;
  const open = s.phase === 'question';
  const revealed = s.phase === 'revealed';
  const regions = s.regions ?? [];
  return (
    <div className="live-hazard-screen">
      <div className="live-screen-meta">
        <span>{s.phase === 'lobby' ? t('准备好后点“开始排查”') : revealed ? t('共 {n} 处隐患', { n: regions.length }) : t('在手机上点出你看到的隐患（每人最多 {n} 次）', { n: s.tapLimit ?? 0 })}</span>
        {s.phase !== 'lobby' && (
          <span className={`live-screen-clock${open ? '' : ' done'}`} role="timer" aria-label={open ? t('剩余 {n} 秒', { n: secondsLeft ?? 0 }) : t('作答已结束')}>
            {open ? secondsLeft : revealed ? t('已揭晓') : t('时间到')}
          </span>
        )}
        <span className="live-screen-answered" role="status" aria-label={t('已点击 {n} / {total} 人', { n: s.answered ?? 0, total: s.joined ?? 0 })}>
          {t('已点击')} <b className="live-screen-answered-count">{s.answered ?? 0}</b> / {s.joined ?? 0}
        </span>
      </div>
      <div className="live-hazard-main">
        <div className="live-hazard-picture">
          <HazardStage
            src={h.image}
            alt={h.title}
            width={h.imageWidth}
            height={h.imageHeight}
            heat={s.taps && !revealed ? s.taps : undefined}
            heatLabel={t('热力图：全班共点了 {n} 次', { n: s.taps?.length ?? 0 })}
            shown={regions.map((region, i) => ({ region, number: i + 1 }))}
          />
        </div>
        {(revealed || (s.taps && s.phase === 'closed')) && (
          <aside className="live-hazard-side">
            {revealed ? (
              <ol className="live-hazard-list" aria-label={t('隐患')}>
                {regions.map((r, i) => (
                  <li key={r.id}>
                    <div className="live-hazard-list-title">
                      <span className="classroom-hazard-no">{i + 1}</span> {r.title}
                    </div>
                    {r.risk && <div className="live-screen-muted">{t('风险')}：{r.risk}</div>}
                    {r.fix && <div className="live-screen-muted">{t('整改')}：{r.fix}</div>}
                  </li>
                ))}
              </ol>
            ) : (
              <div className="live-hazard-heat-note" role="status">
                <h2>{t('热力图')}</h2>
                <p>{t('全班共点了 {n} 次：颜色越红，点的人越多。', { n: s.taps!.length })}</p>
              </div>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}

/** The summary of a hazard session: how many found each hazard, and each student's taps and hits (by name). */
export function HazardSummaryParts({ summary }: { summary: LiveSummary }) {
  return (
    <ol className="live-summary-questions">
      {(summary.hazards ?? []).map((h, i) => {
        const rate = summary.joined ? Math.round((h.hits * 100) / summary.joined) : 0;
        return (
          <li key={h.id}>
            <div className="live-summary-stem">
              {i + 1}. {h.title}
            </div>
            <div className="live-summary-rate" role="img" aria-label={t('{n} 人找到', { n: h.hits })}>
              <span className="live-summary-rate-fill" style={{ width: `${rate}%` }} />
            </div>
            <div className="live-screen-muted">{t('{n} 人找到', { n: h.hits })}</div>
          </li>
        );
      })}
    </ol>
  );
}
