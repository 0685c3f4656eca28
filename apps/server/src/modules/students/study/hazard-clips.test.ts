import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, DEFAULT_TENANT, type TestApp } from '../../../../test/helpers/test-app';
import { newId } from '../../../core/db';
import { CLIP_MESSAGES, EARLY_TOLERANCE_MS, RUN_TTL_MS } from './hazard-clips';
import { userWith } from './test-kit';

// 危险预判 runs: start without the windows, submit once after the clip could have played, scores stored.
let t: TestApp;
let student: { id: string; token: string };
let other: { id: string; token: string };

/** A published 12-second clip: a ball at 2–5 s (with its area), a child at 7–11 s. */
async function insertClip(v: { published?: number } = {}) {
  const id = newId();
  const windows = [
    { start: 2, end: 5, region: { x: 0.1, y: 0.5, w: 0.3, h: 0.3 }, title: '皮球滚到路上', explanation: '球后面常有追球的孩子' },
    { start: 7, end: 11, region: null, title: '孩子跑出来', explanation: '减速并准备停车' },
  ];
  await t.db
    .insertInto('stuHazardClip')
    .values({ id, tenantId: DEFAULT_TENANT, title: '放学路上', filePath: 'students/clip.webm', cover: null, durationSeconds: 12, description: null, windowsJson: JSON.stringify(windows), category: null, gradeBand: null, published: v.published ?? 1, sortNo: 0, createBy: null, createTime: null, updateBy: null, updateTime: null })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  student = await userWith(t, 'clip_student');
  other = await userWith(t, 'clip_other');
});
afterAll(() => t.close());

const post = (who: { token: string }, url: string, payload: unknown) => apiCall(t.app, who.token, 'POST', url, payload);
const start = async (clipId: string, who = student) => (await post(who, '/students/study/hazardClip/start', { clipId })).body.result;
const submit = (runId: string, taps: unknown, who = student) => post(who, '/students/study/hazardClip/submit', { runId, taps });
const watched = () => t.clock.advance(12_000);

describe('hazard perception runs', () => {
  it('starts a run with a signed video address and the duration, never the windows', async () => {
    const clipId = await insertClip();
    const r = await start(clipId);
    expect(r.runId).toMatch(/^[0-9a-f]{32}$/);
    expect(r.clip).toMatchObject({ id: clipId, title: '放学路上', duration: 12 });
    expect(r.clip.videoUrl).toMatch(/^\/api\/students\/study\/media\/students\/clip\.webm\?exp=\d+&sig=/);
    expect(JSON.stringify(r)).not.toContain('皮球');
    const unpublished = await post(student, '/students/study/hazardClip/start', { clipId: await insertClip({ published: 0 }) });
    expect(unpublished.body).toMatchObject({ success: false, message: CLIP_MESSAGES.clipMissing });
  });

  it('scores each window by its first tap, stores the result, and reviews it with windows and taps', async () => {
    const clipId = await insertClip();
    const { runId } = await start(clipId);
    watched();
    // 1 s: before the ball; 2.5: first fifth of 2–5 (0.6 s each) → 5; 4.5: not the first, ignored; 9.5: 2.5 s into 4 s → fourth fifth → 2
    const res = await submit(runId, [1, 2.5, 4.5, 9.5]);
    expect(res.body).toMatchObject({ success: true, message: CLIP_MESSAGES.saved });
    const review = res.body.result;
    expect(review).toMatchObject({ runId, clipId, total: 7, maxScore: 10, patterned: false, warning: null, taps: [1, 2.5, 4.5, 9.5], duration: 12 });
    expect(review.windows.map((w: any) => [w.start, w.end, w.title, w.score, w.tap])).toEqual([
      [2, 5, '皮球滚到路上', 5, 2.5],
      [7, 11, '孩子跑出来', 2, 9.5],
    ]);
    expect(review.windows[0]).toMatchObject({ explanation: '球后面常有追球的孩子', region: { x: 0.1, y: 0.5, w: 0.3, h: 0.3 } });
    const again = await apiCall(t.app, student.token, 'GET', `/students/study/hazardClip/review?runId=${runId}`);
    expect(again.body.result).toEqual(review);
    const stored = await t.db.selectFrom('stuHazardClipRun').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ userId: student.id, clipId, status: 'done', score: 7, maxScore: 10, patterned: 0 });
    const cards = (await apiCall(t.app, student.token, 'GET', '/students/study/hazardClips')).body.result;
    expect(cards.find((c: any) => c.id === clipId)).toMatchObject({ bestScore: 7, runs: 1, windowCount: 2, maxScore: 10, duration: 12 });
  });

  it('scores the edges: exact start 5, exact end 1, a window boundary, nothing before or after', async () => {
    const clipId = await insertClip();
    const edge = async (taps: number[]) => {
      const { runId } = await start(clipId);
      watched();
      return (await submit(runId, taps)).body.result.windows.map((w: any) => w.score);
    };
    expect(await edge([2, 11])).toEqual([5, 1]);
    expect(await edge([5, 7])).toEqual([1, 5]);
    // 2 + 3/5 = 2.6 opens the second fifth; 7 + 4·2/5 = 8.6 opens the third
    expect(await edge([2.6, 8.6])).toEqual([4, 3]);
    expect(await edge([1.999, 5.001, 11.001])).toEqual([0, 0]);
  });

  it('gives 0 with a warning when the taps come in a burst or a regular rhythm, keeping the taps for the review', async () => {
    const clipId = await insertClip();
    let { runId } = await start(clipId);
    watched();
    let res = await submit(runId, [2.1, 2.3, 2.5, 2.7, 8]);
    expect(res.body).toMatchObject({ success: true, message: CLIP_MESSAGES.burst, result: { patterned: true, total: 0, warning: CLIP_MESSAGES.burst } });
    expect(res.body.result.windows.map((w: any) => w.score)).toEqual([0, 0]);
    ({ runId } = await start(clipId));
    watched();
    res = await submit(runId, [1, 3, 5, 7, 9, 11]);
    expect(res.body.result).toMatchObject({ patterned: true, total: 0, warning: CLIP_MESSAGES.rhythm, taps: [1, 3, 5, 7, 9, 11] });
    expect((await t.db.selectFrom('stuHazardClipRun').select('patterned').where('id', '=', runId).executeTakeFirstOrThrow()).patterned).toBe(2);
  });

  it('refuses a second submission of the same run', async () => {
    const { runId } = await start(await insertClip());
    watched();
    expect((await submit(runId, [3])).body.success).toBe(true);
    const replay = await submit(runId, [2]);
    expect(replay.body).toMatchObject({ success: false, message: CLIP_MESSAGES.submitted });
    const stored = await t.db.selectFrom('stuHazardClipRun').select(['score', 'tapsJson']).where('id', '=', runId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ score: 4, tapsJson: '[3]' });
  });

  it('refuses forged streams, leaving the run open: unsorted, negative, beyond the clip, not numbers', async () => {
    const { runId } = await start(await insertClip());
    watched();
    expect((await submit(runId, [3, 2])).body).toMatchObject({ success: false, message: CLIP_MESSAGES.unsorted });
    expect((await submit(runId, [-0.5, 3])).body).toMatchObject({ success: false, message: CLIP_MESSAGES.outside });
    expect((await submit(runId, [3, 12.5])).body).toMatchObject({ success: false, message: CLIP_MESSAGES.outside });
    const notNumbers = await submit(runId, [3, 'soon']);
    expect(notNumbers.body.success).toBe(false);
    expect(notNumbers.body).not.toHaveProperty('stack');
    expect((await submit(runId, Array.from({ length: 301 }, (_x, i) => i / 100))).body.success).toBe(false);
    // numbers as text are read as numbers, as everywhere
    const lenient = await submit(runId, ['3', '12']);
    expect(lenient.body).toMatchObject({ success: true, result: { taps: [3, 12], total: 4 } });
  });

  it('refuses a submission sooner than the clip could have played, and one long after', async () => {
    const clipId = await insertClip();
    const { runId } = await start(clipId);
    t.clock.advance(12_000 - EARLY_TOLERANCE_MS - 500);
    expect((await submit(runId, [3])).body).toMatchObject({ success: false, message: CLIP_MESSAGES.tooEarly });
    t.clock.advance(500);
    expect((await submit(runId, [3])).body.success).toBe(true);
    const late = await start(clipId);
    t.clock.advance(12_000 + RUN_TTL_MS + 1000);
    expect((await submit(late.runId, [3])).body).toMatchObject({ success: false, message: CLIP_MESSAGES.expired });
  });

  it('refuses another student’s run, for submitting and for reviewing', async () => {
    const { runId } = await start(await insertClip());
    watched();
    expect((await submit(runId, [3], other)).body).toMatchObject({ success: false, message: CLIP_MESSAGES.runMissing });
    expect((await submit(newId(), [3])).body).toMatchObject({ success: false, message: CLIP_MESSAGES.runMissing });
    expect((await submit(runId, [3])).body.success).toBe(true);
    const peek = await apiCall(t.app, other.token, 'GET', `/students/study/hazardClip/review?runId=${runId}`);
    expect(peek.body).toMatchObject({ success: false, message: CLIP_MESSAGES.runMissing });
    const open = await start(await insertClip());
    expect((await apiCall(t.app, student.token, 'GET', `/students/study/hazardClip/review?runId=${open.runId}`)).body).toMatchObject({ success: false, message: CLIP_MESSAGES.notSubmitted });
  });

  it('keeps each student’s result for the clip’s editors, newest first, and refuses them to a student', async () => {
    const clipId = await insertClip();
    const mine = await start(clipId);
    const theirs = await start(clipId, other);
    watched();
    await submit(mine.runId, [2.5]);
    t.clock.advance(1000);
    await submit(theirs.runId, [1, 1.2, 1.4, 1.6], other);
    await start(clipId); // open, not submitted: not a result
    const editor = await userWith(t, 'clip_editor', ['students:hazardClip:list']);
    const res = await apiCall(t.app, editor.token, 'GET', `/students/hazardClip/results?clipId=${clipId}`);
    expect(res.body.result.map((r: any) => [r.name, r.score, r.maxScore, r.patterned])).toEqual([
      ['clip_other', 0, 10, true],
      ['clip_student', 5, 10, false],
    ]);
    expect((await apiCall(t.app, student.token, 'GET', `/students/hazardClip/results?clipId=${clipId}`)).body.success).toBe(false);
  });
});
