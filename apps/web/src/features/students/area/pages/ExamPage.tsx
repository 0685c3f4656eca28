// A test in progress: one question per screen with a navigator; every answer saved at once (a reload
// resumes with it); the timer counts down from the server's remainingSeconds and hands the paper in at
// 0; submission asks first. A finished attempt shows the score and a review with the mistakes marked.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckCircleFilled, CloseCircleFilled, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { AttemptItemView, AttemptView } from '@anxue/shared/students';
import { toastInfo } from '../../../../lib/notices';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import { clock } from '../components/format';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { QuestionCard } from '../components/QuestionCard';
import { SpeakButton } from '../components/readAloud';
import { ConfirmSheet, Notice, Panel, ProgressBar, Tag } from '../components/ui';
import { OutcomeView } from '../components/ui/OutcomeView';
import { ToggleSwitch } from '../components/ui/ToggleSwitch';
import { useCountdown } from '../components/useCountdown';
import './study.css';

export default function ExamPage() {
  const { attemptId = '' } = useParams();
  // read fresh on every visit (gcTime 0) and left alone while answering (staleTime): the page holds the answers
  const query = useQuery({ queryKey: studyKeys.attempt(attemptId), queryFn: () => studyApi.attempt(attemptId), staleTime: Infinity, gcTime: 0 });
  return (
    <QueryState query={query}>
      {(attempt) => (attempt.status === 'done' ? <AttemptReview attempt={attempt} /> : <AttemptInProgress key={query.dataUpdatedAt} attempt={attempt} />)}
    </QueryState>
  );
}

type SaveState = 'saving' | 'saved' | { error: string };

function AttemptInProgress({ attempt }: { attempt: AttemptView }) {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, string>>(() => Object.fromEntries(attempt.items.map((i) => [i.questionId, i.answer ?? ''])));
  const [saves, setSaves] = useState<Record<string, SaveState>>({});
  const [remaining, setRemaining] = useState(attempt.remainingSeconds);
  const [index, setIndex] = useState(() => Math.max(0, attempt.items.findIndex((i) => !i.answer)));
  const [submitting, setSubmitting] = useState(false);
  const pending = useRef(new Set<Promise<unknown>>());
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const submitted = useRef(false);

  const finish = useCallback(
    async (timedOut: boolean) => {
      if (submitted.current) return;
      submitted.current = true;
      setSubmitting(true);
      // answers still on their way are kept before the paper is handed in
      await Promise.allSettled([...pending.current]);
      try {
        const onScreen = Object.entries(answersRef.current)
          .filter(([, a]) => a)
          .map(([questionId, answer]) => ({ questionId, answer }));
        const done = await studyApi.submitAttempt(attempt.id, onScreen);
        if (timedOut) void toastInfo(t('时间到，已自动交卷'));
        queryClient.setQueryData(studyKeys.attempt(attempt.id), done);
        void queryClient.invalidateQueries({ queryKey: studyKeys.papers });
        void queryClient.invalidateQueries({ queryKey: studyKeys.activities });
      } catch {
        // e.g. the server already closed it at the deadline: show what it holds
        submitted.current = false;
        setSubmitting(false);
        void queryClient.invalidateQueries({ queryKey: studyKeys.attempt(attempt.id) });
      }
    },
    [attempt.id, queryClient],
  );

  const left = useCountdown(remaining, () => void finish(true));

  const save = (questionId: string, answer: string) => {
    setAnswers((a) => ({ ...a, [questionId]: answer }));
    setSaves((s) => ({ ...s, [questionId]: 'saving' }));
    const call = studyApi
      .saveAnswer(attempt.id, questionId, answer)
      .then((saved) => {
        setSaves((s) => ({ ...s, [questionId]: 'saved' }));
        if (saved.remainingSeconds !== null && saved.remainingSeconds !== undefined) setRemaining(saved.remainingSeconds);
      })
      .catch((e: Error) => setSaves((s) => ({ ...s, [questionId]: { error: e.message } })));
    pending.current.add(call);
    void call.finally(() => pending.current.delete(call));
  };

  const items = attempt.items;
  const item = items[index];
  const answeredCount = items.filter((i) => answers[i.questionId]).length;
  const unanswered = items.length - answeredCount;
  const state = saves[item.questionId];

  const [confirming, setConfirming] = useState(false);
  const confirmSubmit = () => setConfirming(true);

  useEffect(() => {
    document.querySelector('.area-content')?.scrollTo?.({ top: 0 });
  }, [index]);

  return (
    <>
      <ConfirmSheet
        open={confirming}
        title={t('交卷')}
        content={unanswered > 0 ? t('还有 {n} 题没有作答，交卷后不能再修改。确定交卷吗？', { n: unanswered }) : t('交卷后不能再修改答案。确定交卷吗？')}
        okText={t('交卷')}
        cancelText={t('再检查一下')}
        onOk={() => finish(false)}
        onClose={() => setConfirming(false)}
      />
      <div className="area-sticky-bar">
        <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{attempt.paperTitle}</span>
        <div className="study-bar-end">
          {left === null ? (
            <span className="area-muted">{t('不限时')}</span>
          ) : (
            <span className={`area-timer${left <= 60 ? ' urgent' : ''}`} aria-label={t('剩余时间')} role="timer">
              {clock(left)}
            </span>
          )}
          <Button type="primary" size="small" loading={submitting} onClick={confirmSubmit}>
            {t('交卷')}
          </Button>
        </div>
      </div>
      <ProgressBar percent={(answeredCount / items.length) * 100} text={`${answeredCount}/${items.length}`} label={t('已答题数')} />
      <Panel className="study-question" title={t('第 {n} / {total} 题', { n: index + 1, total: items.length })} extra={<span className="area-muted">{t('{score} 分', { score: item.fullScore })}</span>}>
        <QuestionCard key={item.questionId} autoRead question={item} value={answers[item.questionId]} onChange={(a) => save(item.questionId, a)} disabled={submitting} />
        <div style={{ minHeight: 22 }} aria-live="polite">
          {state === 'saving' && <span className="area-muted">{t('正在保存…')}</span>}
          {state === 'saved' && <span className="area-muted">{t('已保存')}</span>}
          {state && typeof state === 'object' && (
            <Notice
              type="error"
              className="study-notice"
              message={t('保存失败：{message}', { message: state.error })}
              action={
                <Button size="small" onClick={() => save(item.questionId, answers[item.questionId] ?? '')}>
                  {t('重试')}
                </Button>
              }
            />
          )}
        </div>
        <div className="study-steps">
          <Button icon={<LeftOutlined />} disabled={index === 0} onClick={() => setIndex(index - 1)}>
            {t('上一题')}
          </Button>
          {index < items.length - 1 ? (
            <Button type="primary" icon={<RightOutlined />} iconPosition="end" onClick={() => setIndex(index + 1)}>
              {t('下一题')}
            </Button>
          ) : (
            <Button type="primary" loading={submitting} onClick={confirmSubmit}>
              {t('交卷')}
            </Button>
          )}
        </div>
      </Panel>
      <Panel className="study-sheet" title={t('答题卡')}>
        <div className="area-navigator" role="navigation" aria-label={t('答题卡')}>
          {items.map((it, i) => (
            <button
              key={it.questionId}
              type="button"
              className={`${answers[it.questionId] ? 'answered' : ''}${i === index ? ' current' : ''}`}
              aria-label={`${t('第 {n} 题', { n: i + 1 })}${answers[it.questionId] ? t('（已答）') : ''}`}
              aria-current={i === index ? 'step' : undefined}
              onClick={() => setIndex(i)}
            >
              {i + 1}
            </button>
          ))}
        </div>
      </Panel>
    </>
  );
}

function AttemptReview({ attempt }: { attempt: AttemptView }) {
  const [onlyMistakes, setOnlyMistakes] = useState(false);
  const items = onlyMistakes ? attempt.items.filter((i) => !i.isRight) : attempt.items;
  return (
    <>
      <PageTitle title={attempt.paperTitle} back={{ to: '/students/theoryQuestionList?tab=exam', label: t('考试') }} />
      <OutcomeView
        className="study-outcome"
        status={attempt.passed ? 'success' : 'warning'}
        title={t('{score} 分', { score: attempt.score })}
        subtitle={`${t('满分 {total}，{pass} 分及格 · 答对 {right} / {n} 题', { total: attempt.totalScore, pass: attempt.passScore, right: attempt.correctCount, n: attempt.questionCount })}${attempt.timedOut ? ` · ${t('时间到自动交卷')}` : ''}`}
        actions={<Tag color={attempt.passed ? 'success' : 'warning'}>{attempt.passed ? t('及格') : t('未及格，再接再厉')}</Tag>}
      />
      {/* the whole line is the tap target */}
      <ToggleSwitch className="study-mistakes" checked={onlyMistakes} onChange={setOnlyMistakes}>
        {t('只看错题')}
      </ToggleSwitch>
      <div className="study-review">
        {items.map((item) => (
          <ReviewItem key={item.questionId} item={item} />
        ))}
        {items.length === 0 && <Panel>{t('全部答对了，真棒！')}</Panel>}
      </div>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/students/theoryQuestionList?tab=exam">
          <Button>{t('返回考试列表')}</Button>
        </Link>
      </div>
    </>
  );
}

function ReviewItem({ item }: { item: AttemptItemView }) {
  return (
    <Panel
      className={item.isRight ? undefined : 'area-review-wrong'}
      title={
        <span className="study-review-title">
          {item.isRight ? <CheckCircleFilled className="area-right-icon" /> : <CloseCircleFilled className="area-wrong-icon" />}
          <span>{t('第 {n} 题', { n: item.sortNo })}</span>
        </span>
      }
      extra={
        <span className={item.isRight ? 'area-muted' : 'area-wrong-text'}>
          {t('{score} / {total} 分', { score: item.score ?? 0, total: item.fullScore })}
        </span>
      }
      label={`${t('第 {n} 题', { n: item.sortNo })} ${item.isRight ? t('答对') : t('答错')}`}
    >
      <QuestionCard question={item} value={item.answer} disabled correctAnswer={item.correctAnswer} />
      <div>
        {t('你的答案：{answer} · 正确答案：{correct}', { answer: item.answer || t('未作答'), correct: item.correctAnswer ?? '' })}
      </div>
      {item.analysis && (
        <div className="area-muted study-review-analysis">
          <span>{t('解析：{text}', { text: item.analysis })}</span>
          <SpeakButton text={t('解析：{text}', { text: item.analysis })} label={t('朗读解析')} />
        </div>
      )}
    </Panel>
  );
}
