// 课程学习: my classes' 专题活动 on top, then the course cards with cover, category and progress.
import { CheckCircleFilled, ReadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { ActivityCard } from '@anxue/shared/students';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import { PageTitle } from '../components/PageTitle';
import { StudyCardList } from '../components/StudyCardList';
import { Notice, Panel, ProgressBar, Tag } from '../components/ui';

export default function CourseList() {
  return (
    <>
      <Activities />
      <PageTitle title={t('课程学习')} />
      <StudyCardList
        name="courses"
        fetch={studyApi.courses}
        icon={<ReadOutlined />}
        emptyText={t('还没有发布的课程')}
        to={(c) => `/students/course/${c.id}`}
        face={(c) => ({
          cover: c.cover,
          body: (
            <>
              <ProgressBar percent={c.progress} label={t('{title} 学习进度', { title: c.title })} />
              <div className="area-muted">{t('已学 {finished} / {total} 课', { finished: c.finishedCount, total: c.lessonCount })}</div>
            </>
          ),
        })}
      />
    </>
  );
}

/** The activities of my classes; nothing at all when there are none (most of the year). */
function Activities() {
  const query = useQuery({ queryKey: studyKeys.activities, queryFn: studyApi.activities });
  if (query.isPending) return null;
  if (query.error) return <Notice type="error" message={t('专题活动加载失败：{message}', { message: query.error.message })} />;
  if (!query.data?.length) return null;
  return (
    <section aria-label={t('专题活动')} style={{ marginBottom: 16 }}>
      <PageTitle title={t('专题活动')} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {query.data.map((a) => (
          <ActivityPanel key={a.id} activity={a} />
        ))}
      </div>
    </section>
  );
}

function ActivityPanel({ activity: a }: { activity: ActivityCard }) {
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => studyApi.startAttempt(a.paper!.id, a.id),
    onSuccess: (attempt) => navigate(`/students/exam/${attempt.id}`),
  });
  const percent = a.lessonCount ? Math.round((a.finishedCount / a.lessonCount) * 100) : 0;
  return (
    <Panel title={a.title} extra={a.endTime && <span className="area-muted">{t('截止 {date}', { date: a.endTime.slice(0, 10) })}</span>}>
      {a.description && <div style={{ marginBottom: 8 }}>{a.description}</div>}
      <ProgressBar percent={percent} text={`${a.finishedCount}/${a.lessonCount}`} label={t('{title} 学习进度', { title: a.title })} />
      <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0' }}>
        {a.lessons.map((l) => (
          <li key={l.id} style={{ padding: '4px 0' }}>
            <Link to={`/students/lesson/${l.id}`} className="area-activity-lesson">
              {l.finished ? <CheckCircleFilled className="area-right-icon" aria-label={t('已学完')} /> : <span style={{ display: 'inline-block', width: 14 }} />}
              {l.title}
            </Link>
          </li>
        ))}
      </ul>
      {a.paper && (
        <div className="area-activity-quiz">
          <span>{t('小测验：{title}', { title: a.paper.title })}</span>
          {a.quizScore !== null && <Tag color={a.quizPassed ? 'success' : 'warning'}>{`${t('{score} 分', { score: a.quizScore })}${a.quizPassed ? ` · ${t('已通过')}` : ''}`}</Tag>}
          <Button type="primary" size="small" loading={start.isPending} onClick={() => start.mutate()}>
            {a.quizScore === null ? t('开始测验') : t('再测一次')}
          </Button>
        </div>
      )}
    </Panel>
  );
}
