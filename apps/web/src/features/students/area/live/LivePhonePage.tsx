// 课堂答题 on a student's phone: the question the screen shows with big options, 提交 once, then 已提交;
// after the teacher reveals, right or wrong. The state is the server's (a reload finds the answer kept); the
// socket says when the teacher moves on, and the page polls every few seconds while it is down. A hazard
// picture session shows the picture to tap instead (HazardPhone.tsx).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { LiveState } from '@anxue/shared/live';
import { t } from '../../../../lib/i18n';
import { PageTitle } from '../components/PageTitle';
import { optionsSpeech, questionSpeech, SpeakButton, useAutoRead } from '../components/readAloud';
import { AREA_ROOT } from '../areaMenu';
import { liveApi } from './api';
import { HazardPhoneCard } from './HazardPhone';
import { liveStateKey, useLiveSession, useRemaining } from './useLiveSession';
import './live.css';

export default function LivePhonePage() {
  const { id = '' } = useParams();
  const { query } = useLiveSession(id);
  const s = query.data;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!s) {
    return (
      <Result
        status="warning"
        title={query.error?.message ?? t('没有拿到数据')}
        extra={
          <Link to={`${AREA_ROOT}/live/join`}>
            <Button type="primary">{t('重新输入课堂码')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div className="live-phone">
      <PageTitle title={s.title} />
      <div className="area-muted live-phone-class">{s.className}</div>
      <Body state={s} updatedAt={query.dataUpdatedAt} />
    </div>
  );
}

function Body({ state: s, updatedAt }: { state: LiveState; updatedAt: number }) {
  if (s.phase === 'ended') {
    const mine = s.mine ?? { answered: 0, correct: 0, revealed: 0 };
    return (
      <Card className="live-phone-card">
        <Result
          status="success"
          title={t('课堂答题结束')}
          subTitle={
            s.kind === 'hazard'
              ? t('你点了 {taps} 次，找到 {n} 处隐患。', { taps: s.myTaps?.length ?? 0, n: s.myHits ?? 0 })
              : t('你答了 {answered} 题，答对 {correct} 题。', { answered: mine.answered, correct: mine.correct })
          }
          extra={
            <Link to={AREA_ROOT}>
              <Button type="primary">{t('回到学习园地')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  if (s.kind === 'hazard' && s.hazard) return <HazardPhoneCard state={s} updatedAt={updatedAt} />;
  if (s.phase === 'lobby' || !s.question) {
    return (
      <Card className="live-phone-card">
        <div className="live-phone-wait" role="status">
          <div className="live-phone-wait-title">{t('已加入课堂')}</div>
          <div className="area-muted">{t('等老师出题，题目会自动出现在这里。')}</div>
        </div>
      </Card>
    );
  }
  return <QuestionCard key={s.question.questionId} state={s} updatedAt={updatedAt} />;
}

function QuestionCard({ state: s, updatedAt }: { state: LiveState; updatedAt: number }) {
  const q = s.question!;
  const client = useQueryClient();
  const [chosen, setChosen] = useState<string[]>(() => (s.myAnswer ? s.myAnswer.split(',') : []));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const remaining = useRemaining(s, updatedAt);
  const secondsLeft = remaining === null ? 0 : Math.ceil(remaining / 1000);
  const submitted = s.myAnswer ?? null;
  const revealed = s.phase === 'revealed';
  const open = s.phase === 'question' && secondsLeft > 0 && !submitted;
  const right = new Set((s.correctAnswer ?? '').split(',').filter(Boolean));
  const mineSet = new Set((submitted ?? '').split(',').filter(Boolean));
  // a new question is read aloud as it shows, when the student's 自动朗读 is on
  const spoken = questionSpeech(q, q.type === 'multi' ? t('多选') : undefined);
  useAutoRead(spoken);

  // the answer from the server wins (a reload, a second tab)
  useEffect(() => {
    if (submitted) setChosen(submitted.split(','));
  }, [submitted]);

  const toggle = (label: string) => {
    if (!open) return;
    setError(undefined);
    if (q.type === 'multi') setChosen((c) => (c.includes(label) ? c.filter((l) => l !== label) : [...c, label].sort()));
    else setChosen([label]);
  };
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await liveApi.answer(s.id, q.questionId, chosen.join(','));
      client.setQueryData<LiveState>(liveStateKey(s.id), (old) => (old ? { ...old, myAnswer: saved.answer } : old));
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
        <span>{t('第 {n} / {total} 题', { n: q.sortNo, total: s.total })}</span>
        {q.type === 'multi' && <span className="live-screen-tag">{t('多选')}</span>}
        {s.phase === 'question' && secondsLeft > 0 ? (
          <span className="live-phone-clock" role="timer" aria-label={t('剩余 {n} 秒', { n: secondsLeft })}>
            {secondsLeft}
          </span>
        ) : (
          <span className="live-phone-clock done">{revealed ? t('已揭晓') : t('时间到')}</span>
        )}
      </div>
      <div className="read-aloud-line">
        <div className="live-phone-stem">{q.stem}</div>
        <SpeakButton text={spoken} label={t('朗读题目')} />
      </div>
      <div className="read-aloud-options">
        <SpeakButton text={optionsSpeech(q)} label={t('朗读选项')} caption={t('选项')} />
      </div>
      <div className="live-phone-options" role={q.type === 'multi' ? 'group' : 'radiogroup'} aria-label={t('选项')}>
        {q.options.map((o) => {
          const picked = chosen.includes(o.label);
          const isRight = revealed && right.has(o.label);
          const isWrong = revealed && mineSet.has(o.label) && !right.has(o.label);
          return (
            <button
              key={o.label}
              type="button"
              role={q.type === 'multi' ? 'checkbox' : 'radio'}
              aria-checked={picked}
              aria-disabled={!open}
              className={`live-phone-option${picked ? ' picked' : ''}${isRight ? ' right' : ''}${isWrong ? ' wrong' : ''}`}
              onClick={() => toggle(o.label)}
            >
              <span className="live-phone-option-label">{o.label}</span>
              <span className="live-phone-option-text">{o.content}</span>
              {isRight && <CheckCircleFilled aria-label={t('正确答案')} className="live-phone-mark" />}
              {isWrong && <CloseCircleFilled aria-label={t('你的错误选择')} className="live-phone-mark" />}
            </button>
          );
        })}
      </div>
      {revealed ? (
        <div className={`live-phone-verdict ${s.isRight ? 'right' : 'wrong'}`} role="status">
          {s.isRight === null || s.isRight === undefined ? t('这题你没有作答，正确答案是 {answer}', { answer: s.correctAnswer ?? '' }) : s.isRight ? t('答对了！') : t('答错了，正确答案是 {answer}', { answer: s.correctAnswer ?? '' })}
        </div>
      ) : submitted ? (
        <div className="live-phone-submitted" role="status">
          <CheckCircleFilled aria-hidden /> {t('已提交，等老师揭晓答案')}
        </div>
      ) : open ? (
        <Button type="primary" size="large" block className="live-phone-submit" disabled={!chosen.length} loading={busy} onClick={() => void submit()}>
          {t('提交')}
        </Button>
      ) : (
        <div className="live-phone-submitted" role="status">
          {t('作答时间已到，等老师揭晓答案')}
        </div>
      )}
      {error && <Alert style={{ marginTop: 12 }} type="error" message={error} showIcon role="alert" />}
    </Card>
  );
}
