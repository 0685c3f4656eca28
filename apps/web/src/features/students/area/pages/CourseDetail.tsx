// A course: its progress, then chapters and lessons in order, each with a check or the share watched.
import { CheckCircleFilled } from '@ant-design/icons';
import { Card, List, Progress } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import { Cover } from '../components/Cover';
import { clock, lessonPercent } from '../components/format';
import { KIND_ICON, KIND_TEXT } from '../components/lessons';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { CategoryTags } from '../components/StudyCardList';

export default function CourseDetail() {
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: studyKeys.course(id), queryFn: () => studyApi.course(id) });
  return (
    <QueryState query={query}>
      {(course) => (
        <>
          <PageTitle title={course.title} back={{ to: '/students/courseList', label: t('课程学习') }} />
          <Card size="small" style={{ marginBottom: 12 }}>
            <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
              <div style={{ width: 120, flex: 'none' }}>
                <Cover src={course.cover} alt={course.title} />
              </div>
              <div style={{ flex: 1, minWidth: 0 }}>
                <CategoryTags item={course} />
                <Progress percent={course.progress} status={course.progress >= 100 ? 'success' : 'normal'} aria-label={t('课程进度')} />
                <div className="area-muted">{t('已学 {finished} / {total} 课', { finished: course.finishedCount, total: course.lessonCount })}</div>
              </div>
            </div>
            {course.description && <div style={{ margin: '8px 0 0', overflowWrap: 'break-word' }}>{course.description}</div>}
          </Card>
          {course.lessonCount === 0 && <Card>{t('这门课程还没有课时。')}</Card>}
          {course.chapters
            .filter((c) => c.lessons.length > 0)
            .map((chapter, ci) => (
              <Card key={chapter.id ?? `c${ci}`} size="small" title={chapter.title} style={{ marginBottom: 12 }}>
                <List
                  dataSource={chapter.lessons}
                  renderItem={(lesson, li) => {
                    const percent = lessonPercent(lesson.progress);
                    return (
                      <List.Item
                        extra={
                          lesson.progress.finished ? (
                            <CheckCircleFilled style={{ color: '#52c41a', fontSize: 18 }} aria-label={t('已学完')} />
                          ) : (
                            <span className="area-muted">{percent}%</span>
                          )
                        }
                      >
                        <Link to={`/students/lesson/${lesson.id}`} style={{ display: 'flex', gap: 8, alignItems: 'center', minWidth: 0 }}>
                          {KIND_ICON[lesson.kind]}
                          <span>
                            {li + 1}. {lesson.title}
                          </span>
                          <span className="area-muted">
                            {t(KIND_TEXT[lesson.kind])}
                            {lesson.durationSeconds > 0 ? ` · ${clock(lesson.durationSeconds)}` : ''}
                          </span>
                        </Link>
                      </List.Item>
                    );
                  }}
                />
              </Card>
            ))}
        </>
      )}
    </QueryState>
  );
}
