// A lesson: the video (seeking; the position is reported every few seconds while playing and on pause or
// end, and a reload starts where the server says the student got to), a picture set, a poster or an
// article; the kept progress; the previous and next lessons; 课堂模式 for teachers.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { CheckCircleFilled, DesktopOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { LessonView } from '@anxue/shared/students';
import { TEACH_PERMISSION } from '@anxue/shared/students-base';
import { usePermission } from '../../../../lib/permission';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import type { ClassroomSlide } from '../components/ClassroomView';
import { clock, lessonPercent } from '../components/format';
import { KIND_TEXT, lessonsInOrder } from '../components/lessons';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { RichText } from '../components/RichText';
import { htmlSpeech, sentences, SpeakButton } from '../components/readAloud';
import { Notice, Panel, ProgressBar, Tag } from '../components/ui';
import { ZoomImage } from '../components/ui/ZoomImage';
import { REPORT_EVERY_MS, useLessonProgress, useReadingClock, type LessonTracker } from '../components/useLessonProgress';
import './study.css';

// 课堂模式 is a teacher's: a student's lesson does not fetch it
const ClassroomView = lazy(() => import('../components/ClassroomView').then((m) => ({ default: m.ClassroomView })));

export default function LessonPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const teacher = usePermission().has(TEACH_PERMISSION);
  // the previous lesson stays while the next loads, so 课堂模式 does not drop out of full screen
  const lessonQuery = useQuery({ queryKey: studyKeys.lesson(id), queryFn: () => studyApi.lesson(id), placeholderData: keepPreviousData });
  const courseId = lessonQuery.data?.courseId;
  const courseQuery = useQuery({ queryKey: studyKeys.course(courseId ?? ''), queryFn: () => studyApi.course(courseId!), enabled: !!courseId });
  const [classroom, setClassroom] = useState<{ from: 'first' | 'last' } | null>(null);

  const order = courseQuery.data ? lessonsInOrder(courseQuery.data) : [];
  const at = order.findIndex((l) => l.id === id);
  const prev = at > 0 ? order[at - 1] : undefined;
  const next = at >= 0 && at < order.length - 1 ? order[at + 1] : undefined;

  return (
    <QueryState query={lessonQuery}>
      {(lesson) => (
        <>
          <PageTitle
            title={lesson.title}
            back={{ to: `/students/course/${lesson.courseId}`, label: courseQuery.data?.title ?? t('返回课程') }}
            extra={
              teacher && (
                <Button icon={<DesktopOutlined />} onClick={() => setClassroom({ from: 'first' })}>
                  {t('课堂模式')}
                </Button>
              )
            }
          />
          <LessonBody key={lesson.id} lesson={lesson} paused={!!classroom} />
          <div className="study-pager">
            <Button icon={<LeftOutlined />} disabled={!prev} onClick={() => prev && navigate(`/students/lesson/${prev.id}`)}>
              <span className="study-pager-text">{prev ? t('上一课：{title}', { title: prev.title }) : t('上一课')}</span>
            </Button>
            <Button icon={<RightOutlined />} iconPosition="end" disabled={!next} onClick={() => next && navigate(`/students/lesson/${next.id}`)}>
              <span className="study-pager-text">{next ? t('下一课：{title}', { title: next.title }) : t('下一课')}</span>
            </Button>
          </div>
          {classroom && lesson.id === id && (
            <Suspense fallback={null}>
              <ClassroomView
                slides={lessonSlides(lesson)}
                start={classroom.from === 'last' ? Number.MAX_SAFE_INTEGER : 0}
                onClose={() => setClassroom(null)}
                onBeyondEnd={
                  next
                    ? () => {
                        setClassroom({ from: 'first' });
                        navigate(`/students/lesson/${next.id}`);
                      }
                    : undefined
                }
                onBeforeStart={
                  prev
                    ? () => {
                        setClassroom({ from: 'last' });
                        navigate(`/students/lesson/${prev.id}`);
                      }
                    : undefined
                }
              />
            </Suspense>
          )}
        </>
      )}
    </QueryState>
  );
}

/** What 课堂模式 shows of a lesson: its video, each picture, the poster or the article. */
function lessonSlides(lesson: LessonView): ClassroomSlide[] {
  if (lesson.kind === 'video') {
    return [{ key: lesson.id, title: lesson.title, content: lesson.video?.url ? <video src={lesson.video.url} controls autoPlay playsInline /> : <span>{t('视频文件还没有上传')}</span> }];
  }
  if (lesson.kind === 'picture') {
    const pictures = lesson.pictures ?? [];
    return pictures.map((src, i) => ({ key: `${lesson.id}-${i}`, title: lesson.title, content: <img src={src} alt={t('{title} 第 {n} 张', { title: lesson.title, n: i + 1 })} /> }));
  }
  if (lesson.kind === 'poster') {
    return [{ key: lesson.id, title: lesson.title, content: lesson.poster ? <img src={lesson.poster} alt={lesson.title} /> : <span>{t('海报还没有上传')}</span> }];
  }
  return [{ key: lesson.id, title: lesson.title, content: <RichText html={lesson.content ?? ''} /> }];
}

function LessonBody({ lesson, paused }: { lesson: LessonView; paused: boolean }) {
  const tracker = useLessonProgress(lesson);
  const { progress } = tracker;
  const percent = lessonPercent(progress);
  return (
    <>
      <Panel className="study-progress" label={t('本课进度')}>
        <div>
          <Tag>{t(KIND_TEXT[lesson.kind])}</Tag>
          {progress.finished ? (
            <Tag color="success">
              <CheckCircleFilled /> {t('已学完')}
            </Tag>
          ) : (
            <span className="area-muted" aria-label={t('已学进度')}>
              {t('已学 {time}', { time: clock(progress.maxPosition) })}
              {progress.durationSeconds > 0 ? ` / ${clock(progress.durationSeconds)}` : ''}
            </span>
          )}
        </div>
        <ProgressBar percent={percent} label={t('本课进度')} />
        {tracker.error && <Notice type="warning" className="study-notice" message={t('学习进度没有保存：{message}', { message: tracker.error })} />}
      </Panel>
      {lesson.kind === 'video' ? <VideoLesson lesson={lesson} tracker={tracker} paused={paused} /> : <ReadingLesson lesson={lesson} tracker={tracker} />}
    </>
  );
}

function VideoLesson({ lesson, tracker, paused }: { lesson: LessonView; tracker: LessonTracker; paused: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const { report } = tracker;
  // where the server says the student got to (read once: the player moves on from there)
  const startAt = useMemo(() => (lesson.progress.finished ? 0 : lesson.progress.maxPosition), [lesson.id]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const timer = setInterval(() => {
      const v = ref.current;
      if (v && !v.paused && !v.ended) report(v.currentTime);
    }, REPORT_EVERY_MS);
    return () => {
      clearInterval(timer);
      const v = ref.current;
      if (v && v.currentTime > 0) report(v.currentTime);
    };
  }, [report]);

  useEffect(() => {
    if (paused) ref.current?.pause();
  }, [paused]);

  if (!lesson.video?.url) return <Panel>{t('这节课的视频还没有上传。')}</Panel>;
  const length = lesson.durationSeconds || lesson.video.durationSeconds;
  return (
    <>
      <video
        ref={ref}
        className="area-media"
        src={lesson.video.url}
        poster={lesson.video.cover ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={lesson.title}
        onLoadedMetadata={(e) => {
          const v = e.currentTarget;
          if (startAt > 0 && startAt < (v.duration || Infinity) - 1) v.currentTime = startAt;
        }}
        onPause={(e) => report(e.currentTarget.currentTime, true)}
        onEnded={(e) => {
          const v = e.currentTarget;
          // the file may end a fraction short of the length the server knows
          report(length && v.currentTime >= length - 2 ? Math.max(v.currentTime, length) : v.currentTime, true);
        }}
      />
      {startAt > 0 && <div className="area-muted" style={{ marginTop: 6 }}>{t('从上次看到的 {time} 继续播放', { time: clock(startAt) })}</div>}
    </>
  );
}

function ReadingLesson({ lesson, tracker }: { lesson: LessonView; tracker: LessonTracker }) {
  useReadingClock(lesson, tracker);
  if (lesson.kind === 'picture') {
    const pictures = lesson.pictures ?? [];
    if (pictures.length === 0) return <Panel>{t('这节课还没有图片。')}</Panel>;
    const set = pictures.map((src, i) => ({ src, alt: t('{title} 第 {n} 张', { title: lesson.title, n: i + 1 }) }));
    return (
      <div className="study-pictures">
        {set.map((p, i) => (
          <ZoomImage key={`${p.src}-${i}`} src={p.src} alt={p.alt} set={set} />
        ))}
      </div>
    );
  }
  if (lesson.kind === 'poster') return lesson.poster ? <ZoomImage src={lesson.poster} alt={lesson.title} /> : <Panel>{t('这节课的海报还没有上传。')}</Panel>;
  return (
    <Panel className="study-article">
      <SpeakButton className="read-aloud-corner" text={() => sentences([lesson.title, htmlSpeech(lesson.content)])} label={t('朗读课文')} />
      <RichText html={lesson.content ?? ''} />
    </Panel>
  );
}
