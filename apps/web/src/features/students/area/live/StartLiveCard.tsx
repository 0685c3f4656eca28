// 课堂答题 on 班级统计: the teacher picks what the class plays (a paper, questions from the bank, or a hazard
// picture), optionally an assignment of the class it counts for, and opens the classroom screen with a new
// session; a session still open for the class is offered to go back to. A paper counts for an assignment
// holding it (a paper item, or an activity's quiz), a picture for one holding that picture: each student
// who took part gets the item done when the session ends. Questions from the bank count for none.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Radio, Select, Typography } from 'antd';
import { message } from '../../../../lib/antd/static';
import { t } from '../../../../lib/i18n';
import { AREA_ROOT } from '../areaMenu';
import { liveApi } from './api';
import './live.css';

type Mode = 'paper' | 'bank' | 'hazard';

export function StartLiveCard({ classId }: { classId: string }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('paper');
  const [paperId, setPaperId] = useState<string>();
  const [hazardId, setHazardId] = useState<string>();
  const [questionIds, setQuestionIds] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [assignmentId, setAssignmentId] = useState<string>();
  const papers = useQuery({ queryKey: ['live', 'papers'], queryFn: liveApi.papers });
  const scenes = useQuery({ queryKey: ['live', 'scenes'], queryFn: liveApi.scenes, enabled: mode === 'hazard' });
  const bank = useQuery({ queryKey: ['live', 'questions', keyword], queryFn: () => liveApi.questions(keyword || undefined), enabled: mode === 'bank' });
  const assignments = useQuery({ queryKey: ['live', 'assignments', classId], queryFn: () => liveApi.assignments(classId) });
  const open = useQuery({ queryKey: ['live', 'open', classId], queryFn: () => liveApi.open(classId) });
  const start = useMutation({
    mutationFn: () =>
      liveApi.start({
        classId,
        ...(mode === 'paper' ? { paperId } : mode === 'hazard' ? { hazardId } : { questionIds }),
        ...(assignmentId && mode !== 'bank' ? { assignmentId } : {}),
      }),
    onSuccess: (s) => navigate(`${AREA_ROOT}/live/screen/${s.id}`),
    onError: (err) => void message.error(err instanceof Error ? err.message : t('操作失败')),
  });

  // an assignment limits the choice to its papers or pictures; only those that hold something of the mode are offered
  const linkable = (assignments.data ?? []).filter((a) => (mode === 'hazard' ? a.scenes.length : a.papers.length) > 0);
  const linked = linkable.find((a) => a.id === assignmentId);
  const paperOptions = useMemo(() => {
    const list = papers.data ?? [];
    const allowed = linked ? new Set(linked.papers.map((p) => p.id)) : null;
    return list.filter((p) => !allowed || allowed.has(p.id)).map((p) => ({ value: p.id, label: t('{title}（{n} 题）', { title: p.title, n: p.questionCount }) }));
  }, [papers.data, linked]);
  const sceneOptions = (scenes.data ?? [])
    .filter((s) => s.regionCount > 0 && (!linked || linked.scenes.some((x) => x.id === s.id)))
    .map((s) => ({ value: s.id, label: t('{title}（{n} 处隐患）', { title: s.title, n: s.regionCount }) }));
  const chosen = mode === 'paper' ? !!paperId : mode === 'hazard' ? !!hazardId : questionIds.length > 0;

  const switchMode = (m: Mode) => {
    setMode(m);
    setAssignmentId(undefined);
  };
  const pickAssignment = (id: string | undefined) => {
    setAssignmentId(id);
    const a = linkable.find((x) => x.id === id);
    // the assignment's own paper or picture, when it holds just one
    if (a && mode === 'paper') setPaperId(a.papers.length === 1 ? a.papers[0].id : undefined);
    if (a && mode === 'hazard') setHazardId(a.scenes.length === 1 ? a.scenes[0].id : undefined);
  };

  return (
    <Card size="small" title={t('课堂答题')} style={{ marginTop: 12 }} className="live-start">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('在教室大屏上一题一题地出题，或全班在手机上点出隐患图里的隐患；大屏实时显示人数、答案分布和热力图。')}
      </Typography.Paragraph>
      {open.data && (
        <Button block style={{ marginBottom: 8 }} onClick={() => navigate(`${AREA_ROOT}/live/screen/${open.data!.id}`)}>
          {t('回到进行中的课堂（课堂码 {code}）', { code: open.data.code })}
        </Button>
      )}
      <div className="live-start-form">
        <Radio.Group
          className="live-start-mode"
          optionType="button"
          buttonStyle="solid"
          value={mode}
          onChange={(e) => switchMode(e.target.value as Mode)}
          aria-label={t('课堂内容')}
          options={[
            { value: 'paper', label: t('试卷') },
            { value: 'bank', label: t('题库选题') },
            { value: 'hazard', label: t('隐患图') },
          ]}
        />
        {mode !== 'bank' && (
          <Select
            style={{ width: '100%' }}
            allowClear
            value={assignmentId}
            onChange={pickAssignment}
            loading={assignments.isPending}
            placeholder={t('计入作业（可选）')}
            aria-label={t('计入作业')}
            notFoundContent={mode === 'hazard' ? t('本班没有含隐患图的作业') : t('本班没有含试卷的作业')}
            options={linkable.map((a) => ({ value: a.id, label: t('{title}（截止 {due}）', { title: a.title, due: a.dueTime.slice(0, 16) }) }))}
          />
        )}
        {mode === 'paper' && (
          <Select
            style={{ width: '100%' }}
            value={paperId}
            onChange={setPaperId}
            loading={papers.isPending}
            placeholder={t('选择试卷')}
            aria-label={t('课堂答题的试卷')}
            notFoundContent={t('还没有可用的试卷')}
            options={paperOptions}
          />
        )}
        {mode === 'bank' && (
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            value={questionIds}
            onChange={setQuestionIds}
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={bank.isFetching}
            placeholder={t('搜索并选择题目')}
            aria-label={t('课堂答题的题目')}
            notFoundContent={t('没有找到题目')}
            maxTagCount="responsive"
            options={(bank.data ?? []).map((q) => ({ value: q.id, label: q.stem }))}
          />
        )}
        {mode === 'hazard' && (
          <Select
            style={{ width: '100%' }}
            value={hazardId}
            onChange={setHazardId}
            loading={scenes.isPending}
            placeholder={t('选择隐患图')}
            aria-label={t('课堂排查的隐患图')}
            notFoundContent={t('还没有标注了隐患的隐患图')}
            options={sceneOptions}
          />
        )}
        <Button type="primary" block disabled={!chosen} loading={start.isPending} onClick={() => start.mutate()}>
          {mode === 'hazard' ? t('开始课堂排查') : t('开始课堂答题')}
        </Button>
      </div>
    </Card>
  );
}
