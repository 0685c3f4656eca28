// 理论题库: 练习 (one question at a time, the server's verdict and the analysis at once), 考试 (papers;
// start or resume a test) and 错题本 (questions answered wrong, answered again until mastered).
import { useState } from 'react';
import { ClockCircleOutlined, FileDoneOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PaperCard, PracticeQuestion, PracticeVerdict, QuestionType, WrongBookEntry } from '@anxue/shared/students';
import { QUESTION_TYPES, STUDENT_DICTS } from '@anxue/shared/students-base';
import { Modal } from '../../../../lib/antdStatic';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import { DictPicker } from '../components/DictPicker';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { QuestionCard, TYPE_TEXT } from '../components/QuestionCard';
import { linkedFirst, linkedProps } from '../components/linked';
import { EmptyState, Notice, Panel, Picker, Sheet, Tabs, Tag } from '../components/ui';

const TABS = ['practice', 'exam', 'wrong'] as const;
type TabKey = (typeof TABS)[number];

export default function TheoryQuestionList() {
  const [search, setSearch] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as TabKey) : 'practice';
  return (
    <>
      <PageTitle title={t('理论题库')} />
      <Tabs
        label={t('理论题库')}
        activeKey={tab}
        onChange={(k) => setSearch({ tab: k }, { replace: true })}
        items={[
          { key: 'practice', label: t('练习'), children: <PracticeTab /> },
          { key: 'exam', label: t('考试'), children: <PapersTab /> },
          { key: 'wrong', label: t('错题本'), children: <WrongBookTab /> },
        ]}
      />
    </>
  );
}

/** The server's verdict on an answer, with the analysis and what it did to the wrong-answer book. */
function VerdictPanel({ verdict }: { verdict: PracticeVerdict }) {
  const book = verdict.wrongBook;
  let bookText: string | null = null;
  if (book?.mastered) bookText = t('已掌握，移出错题本');
  else if (book && !verdict.right) bookText = t('已记入错题本（累计错 {n} 次）', { n: book.wrongCount });
  else if (book && verdict.right) bookText = t('再答对 {n} 次就能移出错题本', { n: Math.max(1, 2 - book.rightStreak) });
  return (
    <Notice
      className="area-verdict"
      type={verdict.right ? 'success' : 'error'}
      message={verdict.right ? t('回答正确') : t('回答错误，正确答案：{answer}', { answer: verdict.correctAnswer })}
      description={
        <>
          {verdict.analysis && <div style={{ whiteSpace: 'pre-wrap' }}>{t('解析：{text}', { text: verdict.analysis })}</div>}
          {bookText && <div className="area-muted">{bookText}</div>}
        </>
      }
    />
  );
}

/** Answering one question: single choice and true/false send on tap, multiple choice on 提交. */
function AnswerQuestion({ question, onVerdict, number }: { question: PracticeQuestion; number?: string; onVerdict?: (v: PracticeVerdict) => void }) {
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState('');
  const submit = useMutation({
    mutationFn: (a: string) => studyApi.practiceAnswer(question.id, a),
    onSuccess: (v) => {
      onVerdict?.(v);
      void queryClient.invalidateQueries({ queryKey: studyKeys.wrongBook });
    },
  });
  const verdict = submit.data;
  const choose = (a: string) => {
    setAnswer(a);
    if (question.type !== 'multi') submit.mutate(a);
  };
  return (
    <>
      <QuestionCard
        autoRead
        question={question}
        number={number}
        value={answer}
        onChange={choose}
        disabled={!!verdict || submit.isPending}
        correctAnswer={verdict?.correctAnswer}
      />
      {question.type === 'multi' && !verdict && (
        <Button type="primary" block disabled={!answer} loading={submit.isPending} onClick={() => submit.mutate(answer)}>
          {t('提交答案')}
        </Button>
      )}
      {submit.error && <Notice type="error" className="area-verdict" message={submit.error.message} />}
      {verdict && <VerdictPanel verdict={verdict} />}
    </>
  );
}

const PRACTICE_PAGE = 10;

function PracticeTab() {
  const [category, setCategory] = useState<string>();
  const [type, setType] = useState<QuestionType>();
  const [pageNo, setPageNo] = useState(1);
  const [index, setIndex] = useState(0);
  const [answered, setAnswered] = useState(false);
  const query = useQuery({
    queryKey: ['study', 'practice', { category, type, pageNo }],
    queryFn: () => studyApi.practiceQuestions({ category, type, pageNo, pageSize: PRACTICE_PAGE }),
    placeholderData: keepPreviousData,
  });
  const restart = () => {
    setPageNo(1);
    setIndex(0);
    setAnswered(false);
  };
  return (
    <>
      <div className="area-filters">
        <DictPicker
          dictCode={STUDENT_DICTS.category}
          label={t('分类')}
          placeholder={t('全部分类')}
          value={category}
          onChange={(v) => {
            setCategory(v);
            restart();
          }}
        />
        <Picker<QuestionType>
          label={t('题型')}
          placeholder={t('全部题型')}
          value={type}
          onChange={(v) => {
            setType(v);
            restart();
          }}
          options={QUESTION_TYPES.map((q) => ({ value: q, label: t(TYPE_TEXT[q]) }))}
        />
      </div>
      <QueryState query={query} empty={(d) => d.records.length === 0} emptyText={category || type ? t('这个范围里还没有题目') : t('题库里还没有题目')}>
        {(page) => {
          const question = page.records[Math.min(index, page.records.length - 1)];
          const number = (pageNo - 1) * PRACTICE_PAGE + Math.min(index, page.records.length - 1) + 1;
          const last = number >= page.total;
          const next = () => {
            setAnswered(false);
            if (index < page.records.length - 1) setIndex(index + 1);
            else {
              setPageNo(pageNo + 1);
              setIndex(0);
            }
          };
          return (
            <Panel title={t('第 {n} / {total} 题', { n: number, total: page.total })}>
              <AnswerQuestion key={question.id} question={question} onVerdict={() => setAnswered(true)} />
              {answered && (
                <div style={{ marginTop: 12 }}>
                  {last ? (
                    <div className="area-stack">
                      <div style={{ textAlign: 'center' }}>{t('这一组题练完了！')}</div>
                      <Button block onClick={restart}>
                        {t('从头再练一遍')}
                      </Button>
                    </div>
                  ) : (
                    <Button type="primary" block onClick={next} loading={query.isFetching && query.isPlaceholderData}>
                      {t('下一题')}
                    </Button>
                  )}
                </div>
              )}
            </Panel>
          );
        }}
      </QueryState>
    </>
  );
}

/** Why a paper cannot be started now, or null when it can. */
function paperBlock(p: PaperCard, now = Date.now()): string | null {
  if (p.openAttemptId) return null;
  if (p.openTime && now < Date.parse(p.openTime.replace(' ', 'T'))) return t('{time} 开始', { time: p.openTime.slice(0, 16) });
  if (p.closeTime && now > Date.parse(p.closeTime.replace(' ', 'T'))) return t('已结束');
  if (p.maxAttempts > 0 && p.attemptsUsed >= p.maxAttempts) return t('次数已用完');
  return null;
}

function PapersTab() {
  const navigate = useNavigate();
  const linked = useSearchParams()[0].get('paper');
  const query = useQuery({ queryKey: studyKeys.papers, queryFn: studyApi.papers });
  const [history, setHistory] = useState<PaperCard | null>(null);
  const start = useMutation({
    mutationFn: (paperId: string) => studyApi.startAttempt(paperId),
    onSuccess: (attempt) => navigate(`/students/exam/${attempt.id}`),
  });
  const begin = (p: PaperCard) => {
    if (p.openAttemptId) return navigate(`/students/exam/${p.openAttemptId}`);
    Modal.confirm({
      title: t('开始「{title}」', { title: p.title }),
      content:
        p.timeLimitMinutes > 0
          ? t('共 {n} 题，限时 {minutes} 分钟。开始后开始计时，中途离开计时也不会停。', { n: p.questionCount, minutes: p.timeLimitMinutes })
          : t('共 {n} 题，不限时。', { n: p.questionCount }),
      okText: t('开始考试'),
      cancelText: t('取消'),
      onOk: () => start.mutateAsync(p.id),
    });
  };
  return (
    <QueryState query={query} empty={(d) => d.length === 0} emptyText={t('现在没有可以参加的考试')}>
      {(papers) => (
        <>
          <div className="area-grid">
            {linkedFirst(papers, linked).map((p) => {
              const blocked = paperBlock(p);
              return (
                <Panel key={p.id} {...linkedProps(p.id === linked)} title={p.title} extra={p.countedScore !== null && <Tag color={p.countedScore >= p.passScore ? 'success' : 'warning'}>{t('{score} 分', { score: p.countedScore })}</Tag>}>
                  {p.description && <div style={{ marginBottom: 6 }}>{p.description}</div>}
                  <div className="area-muted">
                    <FileDoneOutlined /> {t('{n} 题 · 满分 {total} · {pass} 分及格', { n: p.questionCount, total: p.totalScore, pass: p.passScore })}
                  </div>
                  <div className="area-muted">
                    <ClockCircleOutlined /> {p.timeLimitMinutes > 0 ? t('限时 {minutes} 分钟', { minutes: p.timeLimitMinutes }) : t('不限时')}
                    {p.maxAttempts > 0 ? ` · ${t('已考 {used} / {max} 次', { used: p.attemptsUsed, max: p.maxAttempts })}` : ` · ${t('已考 {used} 次', { used: p.attemptsUsed })}`}
                  </div>
                  {p.closeTime && <div className="area-muted">{t('截止 {date}', { date: p.closeTime.slice(0, 16) })}</div>}
                  <div className="area-actions">
                    <Button type="primary" disabled={!!blocked} loading={start.isPending && start.variables === p.id} onClick={() => begin(p)}>
                      {blocked ?? (p.openAttemptId ? t('继续考试') : p.attemptsUsed > 0 ? t('再考一次') : t('开始考试'))}
                    </Button>
                    {p.attemptsUsed > 0 && (
                      <Button icon={<HistoryOutlined />} onClick={() => setHistory(p)}>
                        {t('记录')}
                      </Button>
                    )}
                  </div>
                </Panel>
              );
            })}
          </div>
          <Sheet title={history ? `${history.title} · ${t('考试记录')}` : ''} open={!!history} onClose={() => setHistory(null)}>
            {history && <AttemptHistory paperId={history.id} />}
          </Sheet>
        </>
      )}
    </QueryState>
  );
}

function AttemptHistory({ paperId }: { paperId: string }) {
  const query = useQuery({ queryKey: ['study', 'attempts', paperId], queryFn: () => studyApi.attempts(paperId) });
  return (
    <QueryState query={query} empty={(d) => d.length === 0} emptyText={t('还没有考试记录')}>
      {(rows) => (
        <ul className="ui-rows">
          {rows.map((r) => (
            <li key={r.id} className="ui-row">
              <div className="ui-row-main">
                <div className="area-attempt-score">{r.status === 'done' ? t('{score} / {total} 分', { score: r.score, total: r.totalScore }) : t('进行中')}</div>
                <div className="area-muted">
                  {`${r.startedAt.slice(0, 16)}${r.status === 'done' ? ` · ${t('答对 {right}/{total}', { right: r.correctCount, total: r.questionCount })}` : ''}${r.timedOut ? ` · ${t('超时交卷')}` : ''}`}
                </div>
              </div>
              {r.status === 'done' && <Tag color={r.passed ? 'success' : 'default'}>{r.passed ? t('及格') : t('未及格')}</Tag>}
              <Link className="ui-row-extra area-row-link" to={`/students/exam/${r.id}`}>
                {r.status === 'done' ? t('查看') : t('继续')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function WrongBookTab() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: studyKeys.wrongBook, queryFn: studyApi.wrongBook });
  const [active, setActive] = useState<string | null>(null);
  const close = () => {
    setActive(null);
    void queryClient.invalidateQueries({ queryKey: studyKeys.wrongBook });
  };
  return (
    <QueryState query={query}>
      {(entries) =>
        entries.length === 0 ? (
          <EmptyState status="success" title={t('错题本是空的')} description={t('答错的题会自动记在这里；同一道题连续答对两次就会移出。')} />
        ) : (
          <>
            <div className="area-muted" style={{ marginBottom: 8 }}>
              {t('共 {n} 道错题，连续答对两次移出错题本', { n: entries.length })}
            </div>
            <div className="area-stack">
              {entries.map((e) => (
                <WrongEntry key={e.questionId} entry={e} active={active === e.questionId} onOpen={() => setActive(e.questionId)} onClose={close} />
              ))}
            </div>
          </>
        )
      }
    </QueryState>
  );
}

function WrongEntry({ entry, active, onOpen, onClose }: { entry: WrongBookEntry; active: boolean; onOpen: () => void; onClose: () => void }) {
  const [done, setDone] = useState(false);
  return (
    <Panel extra={<Tag color="error">{t('错 {n} 次', { n: entry.wrongCount })}</Tag>} title={t(TYPE_TEXT[entry.question.type])}>
      {active ? (
        <>
          <AnswerQuestion question={entry.question} onVerdict={() => setDone(true)} />
          {done && (
            <Button block style={{ marginTop: 12 }} onClick={onClose}>
              {t('收起')}
            </Button>
          )}
        </>
      ) : (
        <>
          <div className="area-stem" style={{ whiteSpace: 'pre-wrap' }}>
            {entry.question.stem}
          </div>
          <div className="area-actions area-actions-spread">
            <span className="area-muted">{entry.lastWrongAt ? t('最近答错 {time}', { time: entry.lastWrongAt.slice(0, 16) }) : ''}</span>
            <Button type="primary" size="small" onClick={onOpen}>
              {t('再做一次')}
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}
