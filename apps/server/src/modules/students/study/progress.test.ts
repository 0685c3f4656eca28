import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { BEYOND_LENGTH, creditedPosition } from './progress';
import { insertCourse, insertLesson, insertVideo, userWith } from './test-kit';

describe('creditedPosition', () => {
  it('moves forward only, by at most the wall time since the last report plus 5 s', () => {
    expect(creditedPosition({ maxPosition: 30, position: 10, durationSeconds: 100, elapsedSeconds: 50 })).toBe(30);
    expect(creditedPosition({ maxPosition: 30, position: 95, durationSeconds: 100, elapsedSeconds: 10 })).toBe(45);
    expect(creditedPosition({ maxPosition: 30, position: 40, durationSeconds: 100, elapsedSeconds: 10 })).toBe(40);
  });
  it('accepts the length plus one second, refuses beyond', () => {
    expect(creditedPosition({ maxPosition: 99, position: 101, durationSeconds: 100, elapsedSeconds: 10 })).toBe(100);
    expect(() => creditedPosition({ maxPosition: 0, position: 101.5, durationSeconds: 100, elapsedSeconds: 500 })).toThrow(BEYOND_LENGTH);
  });
});

describe('lesson progress through the API', () => {
  let t: TestApp;
  let student: { id: string; token: string };
  let courseId: string;
  let videoLesson: string;
  let articleLesson: string;
  let readingLesson: string;

  beforeAll(async () => {
    t = await createTestApp();
    student = await userWith(t, 'progress_student');
    courseId = await insertCourse(t.db);
    const videoId = await insertVideo(t.db, { durationSeconds: 60 });
    videoLesson = await insertLesson(t.db, { courseId, kind: 'video', mediaId: videoId, sortNo: 1 });
    articleLesson = await insertLesson(t.db, { courseId, kind: 'article', content: '<p>远离水边</p>', durationSeconds: 0, sortNo: 2 });
    readingLesson = await insertLesson(t.db, { courseId, kind: 'article', content: '<p>读一读</p>', durationSeconds: 20, sortNo: 3 });
    await insertLesson(t.db, { courseId, kind: 'article', durationSeconds: 30, sortNo: 4 });
  });
  afterAll(() => t.close());

  const report = (lessonId: string, position: number) => apiCall(t.app, student.token, 'POST', '/students/study/progress', { lessonId, position });

  it('credits only what could have been watched, keeps the furthest point, finishes at the length', async () => {
    const opened = await apiCall(t.app, student.token, 'GET', `/students/study/lesson?id=${videoLesson}`);
    expect(opened.body.result.progress).toMatchObject({ maxPosition: 0, durationSeconds: 60, finished: false });

    // seeking to 50 s right after opening counts only the tolerance
    t.clock.advance(2_000);
    let r = await report(videoLesson, 50);
    expect(r.body.result).toMatchObject({ maxPosition: 7, finished: false, courseProgress: 0 });

    // 20 s of real watching later
    t.clock.advance(20_000);
    r = await report(videoLesson, 30);
    expect(r.body.result.maxPosition).toBe(30);

    // going back does not lower it
    t.clock.advance(5_000);
    r = await report(videoLesson, 3);
    expect(r.body.result.maxPosition).toBe(30);

    // beyond the length is refused and nothing changes
    r = await report(videoLesson, 62);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, message: BEYOND_LENGTH });

    t.clock.advance(40_000);
    r = await report(videoLesson, 60.4);
    expect(r.body.result).toMatchObject({ maxPosition: 60, finished: true, courseId, courseProgress: 25 });
    const finishedAt = r.body.result.finishedAt;
    expect(finishedAt).toBeTruthy();

    // kept by the server: the course shows it, and finishing again does not move finished_at
    t.clock.advance(5_000);
    r = await report(videoLesson, 60);
    expect(r.body.result.finishedAt).toBe(finishedAt);
    const course = await apiCall(t.app, student.token, 'GET', `/students/study/course?id=${courseId}`);
    const lesson = course.body.result.chapters[0].lessons.find((l: { id: string }) => l.id === videoLesson);
    expect(lesson.progress).toMatchObject({ maxPosition: 60, finished: true });
    expect(course.body.result).toMatchObject({ lessonCount: 4, finishedCount: 1, progress: 25 });
  });

  it('finishes an article without reading time when opened, one with reading time after it', async () => {
    const opened = await apiCall(t.app, student.token, 'GET', `/students/study/lesson?id=${articleLesson}`);
    expect(opened.body.result.progress.finished).toBe(true);
    expect(opened.body.result.content).toContain('远离水边');

    await apiCall(t.app, student.token, 'GET', `/students/study/lesson?id=${readingLesson}`);
    t.clock.advance(21_000);
    const r = await report(readingLesson, 20);
    expect(r.body.result).toMatchObject({ finished: true, courseProgress: 75 });

    const list = await apiCall(t.app, student.token, 'GET', '/students/study/courses');
    expect(list.body.result.records.find((c: { id: string }) => c.id === courseId)).toMatchObject({ lessonCount: 4, finishedCount: 3, progress: 75 });
  });

  it('keeps each student to their own progress', async () => {
    const other = await userWith(t, 'progress_other');
    const course = await apiCall(t.app, other.token, 'GET', `/students/study/course?id=${courseId}`);
    expect(course.body.result).toMatchObject({ finishedCount: 0, progress: 0 });
  });
});
