// 理论题库: 练习 (one question at a time, the server's verdict and the analysis at once), 考试 (papers;
// start or resume a test) and 错题本 (questions answered wrong, answered again until mastered).
import { lazy, Suspense, useState } from 'react';
import { ClockCircleOutlined, FileDoneOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { PaperCard, QuestionType } from '@anxue/shared/students';
import { QUESTION_TYPES, STUDENT_DICTS } from '@anxue/shared/students-base';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import { DictPicker } from '../components/DictPicker';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { TYPE_TEXT } from '../components/QuestionCard';
import { linkedFirst, linkedProps } from '../components/linked';
import { ConfirmSheet, Loading, Panel, Picker, Sheet, Tabs, Tag } from '../components/ui';
import { AnswerQuestion } from './AnswerQuestion';

// 错题本 and a paper's 记录 load when opened: most visits are to 练习 or 考试
const WrongBookTab = lazy(() => import('./TheoryWrongBook'));
const AttemptHistory = lazy(() => import('./TheoryAttempts'));

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
          {
            key: 'wrong',
            label: t('错题本'),
            children: (
              <Suspense fallback={<Loading />}>
                <WrongBookTab />
              </Suspense>
            ),
          },
        ]}
      />
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
  // a new attempt is confirmed first (its clock starts); an open one is continued at once
  const [starting, setStarting] = useState<PaperCard | null>(null);
  const begin = (p: PaperCard) => (p.openAttemptId ? navigate(`/students/exam/${p.openAttemptId}`) : setStarting(p));
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
          <ConfirmSheet
            open={!!starting}
            title={starting ? t('开始「{title}」', { title: starting.title }) : ''}
            content={
              starting &&
              (starting.timeLimitMinutes > 0
                ? t('共 {n} 题，限时 {minutes} 分钟。开始后开始计时，中途离开计时也不会停。', { n: starting.questionCount, minutes: starting.timeLimitMinutes })
                : t('共 {n} 题，不限时。', { n: starting.questionCount }))
            }
            okText={t('开始考试')}
            cancelText={t('取消')}
            onOk={() => starting && start.mutateAsync(starting.id)}
            onClose={() => setStarting(null)}
          />
          <Sheet title={history ? `${history.title} · ${t('考试记录')}` : ''} open={!!history} onClose={() => setHistory(null)}>
            {history && (
              <Suspense fallback={<Loading />}>
                <AttemptHistory paperId={history.id} />
              </Suspense>
            )}
          </Sheet>
        </>
      )}
    </QueryState>
  );
}
