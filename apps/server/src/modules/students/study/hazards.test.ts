import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, DEFAULT_TENANT, type TestApp } from '../../../../test/helpers/test-app';
import { newId } from '../../../core/db';
import { HAZARD_MESSAGES } from './hazards';
import { userWith } from './test-kit';

let t: TestApp;
let student: { id: string; token: string };
const tenantId = DEFAULT_TENANT;

/** A published scene on a 1600×800 picture: a socket (rect), a puddle (circle) and a ladder (triangle). */
async function insertScene(v: { requiredCount?: number; timeLimitSeconds?: number; hintsAllowed?: number; timeBonusPerSecond?: number } = {}) {
  const id = newId();
  await t.db
    .insertInto('stuHazardScene')
    .values({ id, tenantId, title: '教室隐患', image: 'hazard/room.png', imageWidth: 1600, imageHeight: 800, description: null, requiredCount: v.requiredCount ?? 0, timeLimitSeconds: v.timeLimitSeconds ?? 120, hintsAllowed: v.hintsAllowed ?? 1, hitScore: 100, wrongPenalty: 15, timeBonusPerSecond: v.timeBonusPerSecond ?? 1, category: null, gradeBand: null, published: 1, sortNo: 0, createBy: null, createTime: null, updateBy: null, updateTime: null })
    .execute();
  const regions = [
    { shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.1, h: 0.1 }, title: '插座超负荷' },
    { shape: 'circle', coords: { cx: 0.5, cy: 0.5, r: 0.05 }, title: '地面积水' },
    { shape: 'polygon', coords: { points: [[0.7, 0.7], [0.9, 0.7], [0.7, 0.9]] }, title: '梯子不稳' },
  ];
  for (const [i, r] of regions.entries()) {
    await t.db.insertInto('stuHazardRegion').values({ id: newId(), tenantId, sceneId: id, shape: r.shape, coords: JSON.stringify(r.coords), title: r.title, risk: '风险', fix: '整改', sortNo: i }).execute();
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  student = await userWith(t, 'hazard_student');
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => apiCall(t.app, student.token, 'POST', url, payload);
const click = (playId: string, x: number, y: number) => post('/students/study/hazard/click', { playId, x, y });

describe('hazard spotting', () => {
  it('judges taps on the server: hits reveal, misses cost, found ones count nothing, outside is refused', async () => {
    const sceneId = await insertScene();
    const play = (await post('/students/study/hazard/start', { sceneId })).body.result;
    expect(play).toMatchObject({ status: 'playing', regionCount: 3, requiredCount: 3, foundCount: 0, remainingSeconds: 120, found: [], image: '/api/sys/common/view/hazard/room.png' });
    expect(play).not.toHaveProperty('regions');

    // on the rect's corner
    let r = await click(play.id, 0.2, 0.2);
    expect(r.body.result).toMatchObject({ alreadyFound: false, hit: { title: '插座超负荷', risk: '风险', fix: '整改', shape: 'rect' }, play: { foundCount: 1, score: 100 } });
    r = await click(play.id, 0.15, 0.15);
    expect(r.body.result).toMatchObject({ alreadyFound: true, hit: null, play: { foundCount: 1, missCount: 0 } });

    // the circle's radius is 0.05 of the width = 80 px = 0.1 of the height: (0.5, 0.59) is inside, (0.56, 0.5) is not
    r = await click(play.id, 0.56, 0.5);
    expect(r.body.result).toMatchObject({ hit: null, alreadyFound: false, play: { missCount: 1, score: 85, misses: [{ x: 0.56, y: 0.5 }] } });
    r = await click(play.id, 0.5, 0.59);
    expect(r.body.result.hit.title).toBe('地面积水');

    const outside = await click(play.id, 1.01, 0.5);
    expect(outside.status).toBe(200);
    expect(outside.body).toMatchObject({ success: false, message: HAZARD_MESSAGES.outside });
    expect((await click(play.id, 0.5, -0.1)).body.message).toBe(HAZARD_MESSAGES.outside);

    // a reload resumes the play with the misses to redraw
    const resumed = (await post('/students/study/hazard/start', { sceneId })).body.result;
    expect(resumed).toMatchObject({ id: play.id, foundCount: 2, missCount: 1, misses: [{ x: 0.56, y: 0.5 }] });

    // the hint points near the last hazard; then the hints are used up
    const hint = await post('/students/study/hazard/hint', { playId: play.id });
    expect(hint.body.result).toMatchObject({ play: { hintsUsed: 1 } });
    expect(Math.hypot(hint.body.result.cx - 0.7667, hint.body.result.cy - 0.7667)).toBeLessThan(0.01);
    expect(hint.body.result.r).toBeGreaterThan(0.1);
    expect((await post('/students/study/hazard/hint', { playId: play.id })).body.message).toBe(HAZARD_MESSAGES.noHints);

    // on the ladder's slanted edge: the last one finishes the play with the time bonus
    t.clock.advance(20_000);
    r = await click(play.id, 0.8, 0.8);
    const done = r.body.result.play;
    expect(r.body.result.hit.title).toBe('梯子不稳');
    expect(done).toMatchObject({ status: 'done', foundCount: 3, missCount: 1, score: 300 - 15 + 100, remainingSeconds: null });
    expect(done.regions.map((x: { title: string }) => x.title)).toEqual(['插座超负荷', '地面积水', '梯子不稳']);
    expect((await click(play.id, 0.5, 0.5)).body.message).toBe(HAZARD_MESSAGES.finished);

    const cards = (await apiCall(t.app, student.token, 'GET', '/students/study/hazards')).body.result;
    expect(cards.find((c: { id: string }) => c.id === sceneId)).toMatchObject({ regionCount: 3, bestScore: 385, plays: 1, openPlayId: null });
  });

  it('finishes on request showing every hazard, and after the deadline refuses clicks and closes the play', async () => {
    const sceneId = await insertScene({ timeLimitSeconds: 60, requiredCount: 2 });
    const a = (await post('/students/study/hazard/start', { sceneId })).body.result;
    expect(a.requiredCount).toBe(2);
    await click(a.id, 0.9, 0.1);
    const finished = (await post('/students/study/hazard/finish', { playId: a.id })).body.result;
    expect(finished).toMatchObject({ status: 'done', foundCount: 0, missCount: 1, score: 0 });
    expect(finished.regions).toHaveLength(3);

    const b = (await post('/students/study/hazard/start', { sceneId })).body.result;
    expect(b.id).not.toBe(a.id);
    await click(b.id, 0.15, 0.15);
    t.clock.advance(61_000);
    const late = await click(b.id, 0.5, 0.5);
    expect(late.body).toMatchObject({ success: false, message: HAZARD_MESSAGES.timeUp });
    const closed = (await apiCall(t.app, student.token, 'GET', `/students/study/hazard/play?id=${b.id}`)).body.result;
    // no time left, so no bonus: 1 × 100
    expect(closed).toMatchObject({ status: 'done', foundCount: 1, score: 100 });
    expect(closed.regions).toHaveLength(3);
  });

  it('keeps a play to its player', async () => {
    const sceneId = await insertScene();
    const play = (await post('/students/study/hazard/start', { sceneId })).body.result;
    const other = await userWith(t, 'hazard_other');
    const r = await apiCall(t.app, other.token, 'POST', '/students/study/hazard/click', { playId: play.id, x: 0.15, y: 0.15 });
    expect(r.body).toMatchObject({ success: false, message: HAZARD_MESSAGES.playMissing });
  });
});
