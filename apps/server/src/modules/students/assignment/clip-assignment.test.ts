import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_PERMISSION, TEACH_PERMISSION, type AssignmentProgress, type MyAssignment } from '@anxue/shared';
import { DEFAULT_CREDIT_RULES, type MyCredits } from '@anxue/shared/credits';
import { apiCall, createTestApp, DEFAULT_TENANT, type TestApp } from '../../../../test/helpers/test-app';
import { formatDateTime, newId } from '../../../core/db';
import { insertClass, userWith } from '../study/test-kit';

// A 危险预判 clip given as work: a run the student submits after the opening ticks it, with its best
// score, for the student, the class's teacher and the credits; a run before the opening does not.
let t: TestApp;
type U = { id: string; token: string };
let teacher: U, amy: U, ben: U;
let classId: string, clipId: string, draftClip: string;
const HOUR = 3_600_000;
const at = (ms: number) => formatDateTime(new Date(ms));
const post = (u: U, url: string, body: unknown) => apiCall(t.app, u.token, 'POST', url, body);
const get = (u: U, url: string) => apiCall(t.app, u.token, 'GET', url);

/** A 12-second clip with two hazard windows (2–5 s and 7–11 s). */
async function insertClip(title: string, published = 1) {
  const id = newId();
  const windows = [
    { start: 2, end: 5, region: null, title: '皮球滚到路上', explanation: '' },
    { start: 7, end: 11, region: null, title: '孩子跑出来', explanation: '' },
  ];
  await t.db
    .insertInto('stuHazardClip')
    .values({ id, tenantId: DEFAULT_TENANT, title, filePath: 'students/clip.webm', cover: null, durationSeconds: 12, description: null, windowsJson: JSON.stringify(windows), category: null, gradeBand: null, published, sortNo: 0, createBy: null, createTime: null, updateBy: null, updateTime: null })
    .execute();
  return id;
}

/** Watches the clip through the student's own calls: start, the clip's length passes, the taps sent. */
async function watch(u: U, taps: number[]) {
  const run = (await post(u, '/students/study/hazardClip/start', { clipId })).body.result;
  t.clock.advance(12_000);
  const r = await post(u, '/students/study/hazardClip/submit', { runId: run.runId, taps });
  expect(r.body).toMatchObject({ success: true });
  return r.body.result.total as number;
}

beforeAll(async () => {
  t = await createTestApp();
  teacher = await userWith(t, 'ca_teacher', [STUDY_PERMISSION, TEACH_PERMISSION, ...['list', 'add', 'edit', 'delete'].map((a) => `students:assignment:${a}`)]);
  amy = await userWith(t, 'ca_amy');
  ben = await userWith(t, 'ca_ben');
  classId = await insertClass(t.db, '五年级一班', [{ userId: teacher.id, role: 'teacher' }, { userId: amy.id, role: 'student' }, { userId: ben.id, role: 'student' }]);
  clipId = await insertClip('放学路上');
  draftClip = await insertClip('还没发布', 0);
});
afterAll(() => t.close());

describe('a hazard perception clip as work', () => {
  it('refuses an unpublished or unknown clip', async () => {
    const now = t.clock.now().getTime();
    const base = { title: '坏作业', classIds: [classId], openTime: at(now - HOUR), dueTime: at(now + HOUR), receipt: false };
    expect((await post(teacher, '/students/assignment/add', { ...base, items: [{ kind: 'clip', id: draftClip }] })).body.message).toBe(`危险预判视频尚未发布：${draftClip}`);
    expect((await post(teacher, '/students/assignment/add', { ...base, items: [{ kind: 'clip', id: 'nope' }] })).body.message).toBe('危险预判视频不存在或不属于当前租户：nope');
  });

  it('is done by a run submitted after the opening, with its best score, for the student, the teacher and the credits', async () => {
    // ben watches before the work is given: that run does not count
    await watch(ben, [2.5, 7.5]);
    t.clock.advance(HOUR);
    const now = t.clock.now().getTime();
    const r = await post(teacher, '/students/assignment/add', { title: '预判作业', classIds: [classId], items: [{ kind: 'clip', id: clipId }], openTime: at(now - 60_000), dueTime: at(now + 24 * HOUR), receipt: false });
    expect(r.body).toMatchObject({ success: true });
    const mine = async (u: U) => ((await get(u, '/students/study/assignments')).body.result as MyAssignment[]).find((a) => a.title === '预判作业')!;
    expect((await mine(ben)).items).toEqual([expect.objectContaining({ kind: 'clip', id: clipId, title: '放学路上', done: false, score: null })]);

    // amy watches twice: the better run is the one shown
    const first = await watch(amy, [4.5]);
    const second = await watch(amy, [2.5, 7.5]);
    expect(second).toBeGreaterThan(first);
    const amys = await mine(amy);
    expect(amys).toMatchObject({ status: 'done', left: 0 });
    expect(amys.items[0]).toMatchObject({ kind: 'clip', done: true, score: second });

    const progress = (await get(teacher, `/students/assignment/progress?id=${amys.id}`)).body.result as AssignmentProgress;
    expect(progress.items).toEqual([{ kind: 'clip', id: clipId, title: '放学路上' }]);
    const row = (u: U) => progress.students.find((s) => s.userId === u.id)!;
    expect(row(amy)).toMatchObject({ done: true, itemDone: [true], scores: [second] });
    expect(row(ben)).toMatchObject({ done: false, itemDone: [false], scores: [null] });
    expect(progress.completion).toMatchObject({ total: 2, done: 1 });

    // the clip's points and the bonus, once, under the clip's own kind
    const credits = (await get(amy, '/students/study/credits?pageSize=100')).body.result as MyCredits;
    const earned = credits.history.records.filter((c) => c.assignmentId === amys.id);
    expect(earned.map((c) => [c.kind, c.amount, c.reason]).sort()).toEqual(
      [
        ['assignment', DEFAULT_CREDIT_RULES.assignment.points, '预判作业'],
        ['clip', DEFAULT_CREDIT_RULES.clip.points, '放学路上'],
      ].sort(),
    );
    await watch(amy, [2.6, 7.6]);
    expect(((await get(amy, '/students/study/credits?pageSize=100')).body.result as MyCredits).history.records.filter((c) => c.assignmentId === amys.id)).toHaveLength(2);

    // ben now watches: done
    await watch(ben, [3]);
    expect(await mine(ben)).toMatchObject({ status: 'done' });
  });
});
