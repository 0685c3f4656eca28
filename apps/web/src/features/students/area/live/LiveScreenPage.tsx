// 课堂答题 on the classroom screen (a class's teacher, 1920×1080 or a laptop): the code big with a QR code to
// the join page, one question at a time with its countdown and how many have answered, the distribution as
// bars with the right answer when revealed, and the summary at the end (by name when the teacher asks, never by speed). It covers
// the window like 课堂模式; the page under it is inert meanwhile. A hazard picture session shows the picture,
// how many phones tapped, the heat map and the hazards instead of questions (HazardScreen.tsx).
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, QRCode, Select, Skeleton, Table } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { LiveState, LiveSummary } from '@anxue/shared/live';
import { message } from '../../../../lib/antd/static';
import { t } from '../../../../lib/i18n';
import { useDarkModeClass } from '../../../../lib/display/useDarkModeClass';
import { AREA_ROOT } from '../areaMenu';
import { joinAddress, liveApi } from './api';
import { HazardScreenStage, HazardSummaryParts } from './HazardScreen';
import { liveStateKey, useLiveSession, useRemaining } from './useLiveSession';
import './live.css';

const SECONDS = [10, 20, 30, 60, 90];

export default function LiveScreenPage() {
  const { id = '' } = useParams();
  useDarkModeClass();
  // the layout under the screen takes no focus while the screen is up
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    root.inert = true;
    return () => {
      root.inert = false;
    };
  }, []);
  return createPortal(
    <div className="area-sheet live-screen" role="dialog" aria-modal="true" aria-label={t('课堂答题大屏')}>
      <Screen id={id} />
    </div>,
    document.body,
  );
}

function Screen({ id }: { id: string }) {
  const { query, socketUp } = useLiveSession(id);
  const client = useQueryClient();
  const [seconds, setSeconds] = useState(30);
  const onState = (s: LiveState) => client.setQueryData(liveStateKey(id), s);
  const onError = (err: unknown) => void message.error(err instanceof Error ? err.message : t('操作失败'));
  const next = useMutation({ mutationFn: () => liveApi.next(id, seconds), onSuccess: onState, onError });
  const reveal = useMutation({ mutationFn: () => liveApi.reveal(id), onSuccess: onState, onError });
  const stop = useMutation({ mutationFn: () => liveApi.stop(id), onSuccess: onState, onError });
  const end = useMutation({
    mutationFn: () => liveApi.end(id),
    onSuccess: (summary) => {
      client.setQueryData(['live', 'summary', id], summary);
      void client.invalidateQueries({ queryKey: liveStateKey(id) });
    },
    onError,
  });
  const s = query.data;
  const remaining = useRemaining(s, query.dataUpdatedAt);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} style={{ padding: 48 }} />;
  if (!s) {
    return (
      <div className="live-screen-error" role="alert">
        <p>{query.error?.message ?? t('没有拿到数据')}</p>
        <Link to={`${AREA_ROOT}/classStats`}>{t('返回班级统计')}</Link>
      </div>
    );
  }
  const busy = next.isPending || reveal.isPending || end.isPending || stop.isPending;
  const hazard = s.kind === 'hazard';
  const ended = s.phase === 'ended';
  const last = s.index + 1 >= s.total;
  const secondsLeft = remaining === null ? null : Math.ceil(remaining / 1000);
  return (
    <>
      <div className="live-screen-bar">
        <div className="live-screen-title">
          <strong>{s.title}</strong>
          <span>{s.className}</span>
        </div>
        {!ended && (
          <div className="live-screen-controls">
            <Select
              value={seconds}
              onChange={setSeconds}
              aria-label={t('每题倒计时')}
              options={SECONDS.map((n) => ({ value: n, label: t('{n} 秒', { n }) }))}
              style={{ width: 104 }}
              size="large"
            />
            <Button size="large" type={s.phase === 'revealed' || s.phase === 'lobby' ? 'primary' : 'default'} disabled={busy || last} onClick={() => next.mutate()}>
              {hazard ? t('开始排查') : s.index < 0 ? t('开始第一题') : t('下一题')}
            </Button>
            {hazard && (
              <Button size="large" type={s.phase === 'question' ? 'primary' : 'default'} disabled={busy || s.phase !== 'question'} onClick={() => stop.mutate()}>
                {t('停止并显示热力图')}
              </Button>
            )}
            <Button size="large" type={(!hazard && s.phase === 'question') || s.phase === 'closed' ? 'primary' : 'default'} disabled={busy || s.index < 0 || s.phase === 'revealed'} onClick={() => reveal.mutate()}>
              {hazard ? t('揭晓隐患') : t('揭晓答案')}
            </Button>
            <Button size="large" danger disabled={busy} onClick={() => end.mutate()}>
              {t('结束')}
            </Button>
          </div>
        )}
        <Link className="live-screen-exit" to={`${AREA_ROOT}/classStats`}>
          {t('退出大屏')}
        </Link>
      </div>
      {ended ? (
        <SummaryPanel id={id} />
      ) : (
        <div className="live-screen-body">
          <aside className="live-screen-join" aria-label={t('加入方式')}>
            <div className="live-screen-join-label">{t('课堂码')}</div>
            <div className="live-screen-code" aria-label={t('课堂码 {code}', { code: (s.code ?? '').split('').join(' ') })}>
              {s.code}
            </div>
            {s.code && <QRCode className="live-screen-qr" type="svg" value={joinAddress(s.code)} size={200} bordered={false} color="#000" bgColor="#fff" aria-label={t('加入课堂的二维码')} />}
            <div className="live-screen-join-hint">{t('手机扫码，或在学习园地点“加入课堂”输入课堂码')}</div>
            <div className="live-screen-joined" role="status">
              {t('已加入 {n} 人', { n: s.joined ?? 0 })}
            </div>
            {!socketUp && <div className="live-screen-muted">{t('实时连接已断开，每隔几秒刷新一次')}</div>}
          </aside>
          <div className="live-screen-stage">
            {hazard ? (
              <HazardScreenStage state={s} secondsLeft={secondsLeft} />
            ) : s.phase === 'lobby' || !s.question ? (
              <div className="live-screen-lobby">
                <h1>{t('请同学们用手机加入课堂')}</h1>
                <p>{t('共 {n} 道题，准备好后点“开始第一题”。', { n: s.total })}</p>
              </div>
            ) : (
              <QuestionStage state={s} secondsLeft={secondsLeft} />
            )}
          </div>
        </div>
      )}
    </>
  );
}

function QuestionStage({ state: s, secondsLeft }: { state: LiveState; secondsLeft: number | null }) {
  const q = s.question!;
  const revealed = s.phase === 'revealed';
  const right = new Set((s.correctAnswer ?? '').split(',').filter(Boolean));
  const counts = new Map((s.distribution ?? []).map((b) => [b.label, b.count]));
  const most = Math.max(1, ...counts.values());
  const open = s.phase === 'question';
  return (
    <div className="live-screen-question">
      <div className="live-screen-meta">
        <span>{t('第 {n} / {total} 题', { n: q.sortNo, total: s.total })}</span>
        {q.type === 'multi' && <span className="live-screen-tag">{t('多选')}</span>}
        <span className={`live-screen-clock${open ? '' : ' done'}`} role="timer" aria-label={open ? t('剩余 {n} 秒', { n: secondsLeft ?? 0 }) : t('作答已结束')}>
          {open ? secondsLeft : revealed ? t('已揭晓') : t('时间到')}
        </span>
        <span className="live-screen-answered" role="status" aria-label={t('已作答 {n} / {total} 人', { n: s.answered ?? 0, total: s.joined ?? 0 })}>
          {t('已作答')} <b className="live-screen-answered-count">{s.answered ?? 0}</b> / {s.joined ?? 0}
        </span>
      </div>
      <h1 className="live-screen-stem">{q.stem}</h1>
      <ol className="live-screen-options">
        {q.options.map((o) => {
          const n = counts.get(o.label) ?? 0;
          const isRight = revealed && right.has(o.label);
          return (
            <li key={o.label} className={`live-screen-option${isRight ? ' right' : ''}`} data-label={o.label}>
              <span className="live-screen-option-label">{o.label}</span>
              <span className="live-screen-option-text">
                {o.content}
                {isRight && (
                  <span className="live-screen-right">
                    <CheckCircleFilled aria-hidden /> {t('正确答案')}
                  </span>
                )}
              </span>
              {revealed && (
                <span className="live-screen-bar-wrap" role="img" aria-label={t('{label}：{n} 人', { label: o.label, n })}>
                  <span className="live-screen-bar-fill" style={{ width: `${(n / most) * 100}%` }} />
                  <span className="live-screen-bar-count">{n}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function SummaryPanel({ id }: { id: string }) {
  const summary = useQuery({ queryKey: ['live', 'summary', id], queryFn: () => liveApi.summary(id) });
  const data = summary.data;
  if (!data) return summary.isPending ? <Skeleton active paragraph={{ rows: 8 }} style={{ padding: 48 }} /> : <div className="live-screen-error">{summary.error?.message}</div>;
  return <SummaryView summary={data} />;
}

function SummaryView({ summary }: { summary: LiveSummary }) {
  const shown = summary.questions.filter((q) => q.shown);
  // the screen is usually projected: each child's result (and who did not take part) shows only when the
  // teacher asks for it, not in front of the class as the session ends
  const [named, setNamed] = useState(false);
  return (
    <div className="live-screen-summary">
      <h1>{t('课堂小结')}</h1>
      {summary.kind === 'hazard' ? (
        <>
          <p className="live-screen-muted">{t('{joined} 人参加，每处隐患有多少人找到：', { joined: summary.joined })}</p>
          <HazardSummaryParts summary={summary} />
        </>
      ) : (
        <p className="live-screen-muted">{t('{joined} 人参加，共出 {n} 道题。', { joined: summary.joined, n: shown.length })}</p>
      )}
      {summary.kind !== 'hazard' && (
        <ol className="live-summary-questions">
          {shown.map((q) => (
            <li key={q.questionId}>
              <div className="live-summary-stem">
                {q.sortNo}. {q.stem}
              </div>
              <div className="live-summary-rate" role="img" aria-label={t('正确率 {rate}', { rate: q.correctRate === null ? '—' : `${q.correctRate}%` })}>
                <span className="live-summary-rate-fill" style={{ width: `${q.correctRate ?? 0}%` }} />
              </div>
              <div className="live-screen-muted">
                {t('正确答案 {answer}，{answered} 人作答，{correct} 人答对', { answer: q.correctAnswer, answered: q.answered, correct: q.correct })}
                {q.correctRate !== null && ` · ${q.correctRate}%`}
              </div>
            </li>
          ))}
        </ol>
      )}
      {summary.students && (
        <section aria-label={t('每位同学（按姓名）')}>
          <div className="live-summary-named-bar">
            <h2>{t('每位同学（按姓名）')}</h2>
            <Button size="large" aria-expanded={named} onClick={() => setNamed(!named)}>
              {named ? t('隐藏每位同学的结果') : t('显示每位同学的结果')}
            </Button>
          </div>
          {!named && <p className="live-screen-muted">{t('投屏时全班都能看到；只想自己看时，请先关闭投屏。')}</p>}
          {named && (
            <Table
              size="middle"
              rowKey="userId"
              pagination={false}
              dataSource={summary.students}
              columns={[
                { title: t('姓名'), dataIndex: 'realname' },
                { title: t('是否参加'), dataIndex: 'joined', render: (v: boolean) => (v ? t('已参加') : t('未参加')) },
                ...(summary.kind === 'hazard'
                  ? [
                      { title: t('点击次数'), dataIndex: 'taps' },
                      { title: t('找到隐患'), dataIndex: 'hits' },
                    ]
                  : [
                      { title: t('作答'), dataIndex: 'answered' },
                      { title: t('答对'), dataIndex: 'correct' },
                    ]),
              ]}
            />
          )}
        </section>
      )}
    </div>
  );
}
