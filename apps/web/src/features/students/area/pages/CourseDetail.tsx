// A course: its progress, then chapters and lessons in order, each with a check or the share watched.
import { CheckCircleFilled } from '@ant-design/icons';
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
import { Panel, ProgressBar } from '../components/ui';

export default function CourseDetail() {
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: studyKeys.course(id), queryFn: () => studyApi.course(id) });
  return (
    <QueryState query={query}>
      {(course) => (
        <>
          <PageTitle title={course.title} back={{ to: '/students/courseList', label: t('课程学习') }} />
          <Panel style={{ marginBottom: 12 }}>
            <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
              <div style={{ width: 120, flex: 'none' }}>
                <Cover src={course.cover} alt={course.title} />
              </div>
              <div style={{ flex: 1, minWidth: 0 }}>
                <CategoryTags item={course} />
                <ProgressBar large percent={course.progress} label={t('课程进度')} />
                <div className="area-muted">{t('已学 {finished} / {total} 课', { finished: course.finishedCount, total: course.lessonCount })}</div>
              </div>
            </div>
            {course.description && <div style={{ margin: '8px 0 0', overflowWrap: 'break-word' }}>{course.description}</div>}
          </Panel>
          {course.lessonCount === 0 && <Panel>{t('这门课程还没有课时。')}</Panel>}
          {course.chapters
            .filter((c) => c.lessons.length > 0)
            .map((chapter, ci) => (
              <Panel key={chapter.id ?? `c${ci}`} title={chapter.title} style={{ marginBottom: 12 }}>
                <ul className="ui-rows">
                  {chapter.lessons.map((lesson, li) => {
                    const percent = lessonPercent(lesson.progress);
                    return (
                      <li key={lesson.id} className="ui-row">
                        <Link to={`/students/lesson/${lesson.id}`} className="ui-row-main area-lesson-link">
                          {KIND_ICON[lesson.kind]}
                          <span>
                            {li + 1}. {lesson.title}
                          </span>
                          <span className="area-muted">
                            {t(KIND_TEXT[lesson.kind])}
                            {lesson.durationSeconds > 0 ? ` · ${clock(lesson.durationSeconds)}` : ''}
                          </span>
                        </Link>
                        <span className="ui-row-extra">
                          {lesson.progress.finished ? (
                            <CheckCircleFilled className="area-right-icon" style={{ fontSize: 18 }} aria-label={t('已学完')} />
                          ) : (
                            <span className="area-muted">{percent}%</span>
                          )}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </Panel>
            ))}
        </>
      )}
    </QueryState>
  );
}
