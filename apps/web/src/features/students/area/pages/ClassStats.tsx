// 班级统计 (teachers): for a class the caller teaches, completion and scores per student and per
// activity — only what the teaching API answers, and only to the class's teachers.
import { useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Progress, Row, Select, Statistic, Table, Tag } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ClassStats as Stats } from '@anxue/shared/students';
import { teachApi } from '../api';
import { t } from '../../../../lib/i18n';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { TeacherClassCode } from '../classCode/TeacherClassCode';
import { StudentParentsButton } from '../family/StudentParents';
import { ClassLoginCards } from './ClassLoginCards';
import { ClassCreditsCard } from '../credits/ClassCreditsCard';
import { StartLiveCard } from '../live/StartLiveCard';

export default function ClassStats() {
  const classes = useQuery({ queryKey: ['teach', 'classes'], queryFn: teachApi.classes });
  const [classId, setClassId] = useState<string>();
  const navigate = useNavigate();
  useEffect(() => {
    if (!classId && classes.data?.length) setClassId(classes.data[0].id);
  }, [classId, classes.data]);

  return (
    <>
      {/* a teacher lands here: their classes' work is one tap away */}
      <PageTitle
        title={t('班级统计')}
        extra={
          <Button icon={<FormOutlined />} onClick={() => navigate('/students/assignments')}>
            {t('作业')}
          </Button>
        }
      />
      <QueryState query={classes} empty={(d) => d.length === 0} emptyText={t('你还不是任何班级的老师')}>
        {(list) => {
          const current = list.find((c) => c.id === classId);
          return (
            <>
              <Select
                style={{ width: '100%', marginBottom: 12 }}
                value={classId}
                onChange={setClassId}
                aria-label={t('班级')}
                options={list.map((c) => ({ value: c.id, label: `${c.name}${c.grade ? `（${c.grade_dictText || c.grade}）` : ''} · ${t('{n} 人', { n: c.studentCount })}` }))}
              />
              <div className="area-muted" style={{ marginBottom: 12 }}>
                {t('统计只有本班老师能看到，请不要公开未完成学生的名单。')}
              </div>
              {current && <StartLiveCard key={`live-${current.id}`} classId={current.id} />}
              {current && <TeacherClassCode key={`code-${current.id}`} classId={current.id} />}
              {current && <ClassLoginCards key={`cards-${current.id}`} classId={current.id} grade={current.grade_dictText || current.grade} />}
              {current && <ClassPanel key={current.id} classId={current.id} activities={current.activities} />}
            </>
          );
        }}
      </QueryState>
    </>
  );
}

function ClassPanel({ classId, activities }: { classId: string; activities: Array<{ id: string; title: string }> }) {
  const stats = useQuery({ queryKey: ['teach', 'classStats', classId], queryFn: () => teachApi.classStats(classId) });
  const [activityId, setActivityId] = useState<string | undefined>(activities[0]?.id);
  return (
    <>
      <QueryState query={stats}>{(s) => <ClassSummary stats={s} />}</QueryState>
      <ClassCreditsCard classId={classId} />
      <Card size="small" title={t('专题活动')} style={{ marginTop: 12 }}>
        {activities.length === 0 ? (
          <Empty description={t('这个班还没有专题活动')} />
        ) : (
          <>
            <Select style={{ width: '100%', marginBottom: 12 }} value={activityId} onChange={setActivityId} aria-label={t('专题活动')} options={activities.map((a) => ({ value: a.id, label: a.title }))} />
            {activityId && <ActivityPanel key={activityId} classId={classId} activityId={activityId} />}
          </>
        )}
      </Card>
    </>
  );
}

function ClassSummary({ stats }: { stats: Stats }) {
  return (
    <>
      <Row gutter={[12, 12]}>
        <Col xs={8}>
          <Card size="small">
            <Statistic title={t('学生')} value={stats.studentCount} suffix={t('人')} />
          </Card>
        </Col>
        <Col xs={8}>
          <Card size="small">
            <Statistic title={t('课程完成率')} value={stats.courseCompletion} precision={0} suffix="%" />
          </Card>
        </Col>
        <Col xs={8}>
          <Card size="small">
            <Statistic title={t('平均分')} value={stats.averageScore ?? '—'} precision={stats.averageScore === null ? undefined : 1} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={`${stats.className} · ${t('每位学生')}`} style={{ marginTop: 12 }} styles={{ body: { padding: 0 } }}>
        <Table
          size="small"
          rowKey="userId"
          pagination={false}
          scroll={{ x: 670 }}
          dataSource={stats.students}
          locale={{ emptyText: t('这个班还没有学生') }}
          columns={[
            { title: t('姓名'), dataIndex: 'realname', fixed: 'left', width: 80 },
            {
              title: t('课时'),
              key: 'lessons',
              render: (_: unknown, r: Stats['students'][number]) => (
                <Progress percent={r.lessonCount ? Math.round((r.lessonsFinished / r.lessonCount) * 100) : 0} size="small" format={() => `${r.lessonsFinished}/${r.lessonCount}`} aria-label={t('{name} 课程进度', { name: r.realname })} />
              ),
              width: 150,
            },
            { title: t('测验次数'), dataIndex: 'attempts', width: 80 },
            { title: t('最好成绩'), dataIndex: 'bestScore', width: 80, render: (v: number | null) => (v === null ? '—' : v) },
            { title: t('及格'), dataIndex: 'passed', width: 70, render: (v: boolean, r: Stats['students'][number]) => (r.bestScore === null ? '—' : v ? <Tag color="success">{t('及格')}</Tag> : <Tag>{t('未及格')}</Tag>) },
            { title: t('找到隐患'), dataIndex: 'hazardsFound', width: 80 },
            { title: t('危险预判'), dataIndex: 'clipsWatched', width: 80 },
            { title: t('家长'), key: 'family', width: 100, render: (_: unknown, r: Stats['students'][number]) => <StudentParentsButton studentId={r.userId} name={r.realname} /> },
          ]}
        />
      </Card>
    </>
  );
}

function ActivityPanel({ classId, activityId }: { classId: string; activityId: string }) {
  const stats = useQuery({ queryKey: ['teach', 'activityStats', activityId, classId], queryFn: () => teachApi.activityStats(activityId, classId) });
  return (
    <QueryState query={stats}>
      {(a) => (
        <Row gutter={[12, 12]}>
          <Col xs={12}>
            <Statistic title={t('学完全部课时')} value={a.lessonsDone} suffix={t('/ {n} 人', { n: a.studentCount })} />
          </Col>
          <Col xs={12}>
            <Statistic title={t('测验及格')} value={a.quizPassed} suffix={t('/ {n} 人', { n: a.studentCount })} />
          </Col>
          <Col xs={12}>
            <Statistic title={t('测验平均分')} value={a.averageScore ?? '—'} precision={a.averageScore === null ? undefined : 1} />
          </Col>
        </Row>
      )}
    </QueryState>
  );
}
