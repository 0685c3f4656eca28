// A lesson's progress as the server keeps it: positions are reported (POST /students/study/progress),
// the server answers what it kept (it only moves forward), and the course lists are refreshed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LessonProgress, LessonView } from '@anxue/shared/students';
import { studyApi, studyKeys } from '../api';

export const REPORT_EVERY_MS = 5000;

export interface LessonTracker {
  progress: LessonProgress;
  /** the server's message when the last report was refused or failed */
  error: string | null;
  report: (position: number, force?: boolean) => void;
}

export function useLessonProgress(lesson: LessonView): LessonTracker {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<LessonProgress>(lesson.progress);
  const [error, setError] = useState<string | null>(null);
  const lastSent = useRef<number>(-1);
  const inFlight = useRef(false);
  const queued = useRef<number | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const send = useCallback(
    (position: number) => {
      inFlight.current = true;
      lastSent.current = position;
      studyApi
        .progress(lesson.id, Math.round(position * 10) / 10)
        .then((answer) => {
          if (alive.current) {
            setProgress({ lessonId: answer.lessonId, maxPosition: answer.maxPosition, durationSeconds: answer.durationSeconds, finished: answer.finished, finishedAt: answer.finishedAt });
            setError(null);
          }
          void queryClient.invalidateQueries({ queryKey: studyKeys.course(lesson.courseId) });
          void queryClient.invalidateQueries({ queryKey: studyKeys.courses });
          void queryClient.invalidateQueries({ queryKey: studyKeys.activities });
          queryClient.setQueryData<LessonView>(studyKeys.lesson(lesson.id), (old) => (old ? { ...old, progress: { ...old.progress, ...answer } } : old));
        })
        .catch((e: Error) => alive.current && setError(e.message))
        .finally(() => {
          inFlight.current = false;
          const next = queued.current;
          queued.current = null;
          if (next !== null) send(next);
        });
    },
    [lesson.id, lesson.courseId, queryClient],
  );

  const report = useCallback(
    (position: number, force = false) => {
      if (!Number.isFinite(position) || position < 0) return;
      // nothing new to tell the server (it keeps the furthest position anyway)
      if (!force && Math.abs(position - lastSent.current) < 1) return;
      if (inFlight.current) queued.current = position;
      else send(position);
    },
    [send],
  );

  return { progress, error, report };
}

/**
 * Reading time for lessons without a video (pictures, poster, article): while the page is visible the
 * position advances with the clock from what the server kept, reported every few seconds, up to the
 * lesson's length — so a picture lesson of 30 s is finished after 30 s on the page.
 */
export function useReadingClock(lesson: LessonView, tracker: LessonTracker) {
  const { report } = tracker;
  const kept = lesson.progress.maxPosition;
  const duration = lesson.durationSeconds;
  const done = lesson.progress.finished;
  useEffect(() => {
    if (done) return;
    if (duration <= 0) {
      report(0, true);
      return;
    }
    let position = Math.min(kept, duration);
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      if (document.visibilityState !== 'hidden') position = Math.min(duration, position + (now - last) / 1000);
      last = now;
      report(position, position >= duration);
      if (position >= duration) clearInterval(timer);
    }, REPORT_EVERY_MS);
    return () => clearInterval(timer);
  }, [kept, duration, done, report]);
}
