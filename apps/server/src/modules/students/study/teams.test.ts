import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, DEFAULT_TENANT, type TestApp } from '../../../../test/helpers/test-app';
import { newId } from '../../../core/db';
import { insertPaper, insertQuestion, userWith } from './test-kit';

let t: TestApp;
const tenantId = DEFAULT_TENANT;

async function team(name: string, members: Array<{ userId: string; role?: string }>) {
  const id = newId();
  await t.db.insertInto('stuTeam').values({ id, tenantId, name, slogan: null, logo: null, classId: null, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  for (const m of members) await t.db.insertInto('stuTeamMember').values({ id: newId(), tenantId, teamId: id, userId: m.userId, memberRole: m.role ?? 'member', joinTime: null }).execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('team ranking', () => {
  it('adds counted paper scores (best or last), best hazard score per scene and awarded points; ties share a rank', async () => {
    const [a1, a2, b1, c1] = [await userWith(t, 'team_a1'), await userWith(t, 'team_a2'), await userWith(t, 'team_b1'), await userWith(t, 'team_c1')];
    const teamA = await team('猛虎队', [{ userId: a1.id, role: 'captain' }, { userId: a2.id }]);
    const teamB = await team('雄鹰队', [{ userId: b1.id, role: 'captain' }]);
    const teamC = await team('飞鱼队', [{ userId: c1.id }]);
    const q = await insertQuestion(t.db, { answer: 'A' });
    const best = await insertPaper(t.db, { questions: [{ questionId: q, score: 10 }], scoreRule: 'best', shuffleOptions: 0 });
    const last = await insertPaper(t.db, { questions: [{ questionId: q, score: 20 }], scoreRule: 'last', shuffleOptions: 0 });
    const take = async (u: { token: string }, paperId: string, answer: string) => {
      const a = (await apiCall(t.app, u.token, 'POST', '/students/study/attempt/start', { paperId })).body.result;
      t.clock.advance(1000);
      await apiCall(t.app, u.token, 'POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: q, answer }] });
    };
    await take(a1, best, 'A'); // 10
    await take(a1, best, 'B'); // best stays 10
    await take(a2, last, 'A'); // 20
    await take(a2, last, 'B'); // last: 0
    // a1's hazard plays: best 50 on one scene counts, 30 on the same scene does not
    const sceneId = newId();
    await t.db.insertInto('stuHazardScene').values({ id: sceneId, tenantId, title: '场景', image: null, description: null, category: null, gradeBand: null, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
    for (const score of [50, 30]) await t.db.insertInto('stuHazardPlay').values({ id: newId(), tenantId, sceneId, userId: a1.id, status: 'done', startedAt: 0, score, createTime: null }).execute();
    // team B: 40 awarded to its captain and 20 to the team; team C: 60 to the team
    await t.db.insertInto('stuTeamScore').values({ id: newId(), tenantId, teamId: teamB, userId: b1.id, points: 40, reason: '知识竞赛', sourceId: null, createBy: null, createTime: null }).execute();
    await t.db.insertInto('stuTeamScore').values({ id: newId(), tenantId, teamId: teamB, userId: null, points: 20, reason: '团体奖', sourceId: null, createBy: null, createTime: null }).execute();
    await t.db.insertInto('stuTeamScore').values({ id: newId(), tenantId, teamId: teamC, userId: null, points: 60, reason: '团体奖', sourceId: null, createBy: null, createTime: null }).execute();

    const r = (await apiCall(t.app, a1.token, 'GET', '/students/study/teams')).body.result;
    expect(r.map((x: { rank: number }) => x.rank)).toEqual([1, 1, 1]);
    const byId = Object.fromEntries(r.map((x: { id: string }) => [x.id, x]));
    expect(byId[teamA]).toMatchObject({ score: 60, rank: 1 });
    expect(byId[teamA].members).toEqual([
      { userId: a1.id, realname: 'team_a1', memberRole: 'captain', score: 60 },
      { userId: a2.id, realname: 'team_a2', memberRole: 'member', score: 0 },
    ]);
    expect(byId[teamB]).toMatchObject({ score: 60, rank: 1 });
    expect(byId[teamB].members[0]).toMatchObject({ userId: b1.id, score: 40 });
    expect(byId[teamC]).toMatchObject({ score: 60, rank: 1 });

    // one more point for team C breaks the tie
    await t.db.insertInto('stuTeamScore').values({ id: newId(), tenantId, teamId: teamC, userId: null, points: 1, reason: '加分', sourceId: null, createBy: null, createTime: null }).execute();
    const after = (await apiCall(t.app, a1.token, 'GET', '/students/study/teams')).body.result;
    expect(after.map((x: { id: string; rank: number; score: number }) => [x.id, x.rank, x.score])).toEqual([
      [teamC, 1, 61],
      [teamA, 2, 60],
      [teamB, 2, 60],
    ]);
  });
});
