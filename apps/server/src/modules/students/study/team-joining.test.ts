import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared';
import { apiCall, createTestApp, DEFAULT_TENANT, type TestApp } from '../../../../test/helpers/test-app';
import { newId } from '../../../core/db';
import { insertClass, insertPaper, insertQuestion, userWith } from './test-kit';

const tenantId = DEFAULT_TENANT;
type User = { id: string; token: string };

let t: TestApp;
let teacher: User;
let otherTeacher: User;
let s1: User, s2: User, s3: User, s4: User, outsider: User;
let classA: string;
let activityId: string;
let paper: string;
let otherPaper: string;
let question: string;
let scene: string;

const call = (u: User, method: 'GET' | 'POST', url: string, body?: object) => apiCall(t.app, u.token, method, url, body).then((r) => r.body);
const mine = (u: User) => call(u, 'GET', '/students/study/team/mine').then((b) => b.result);

async function take(u: User, paperId: string, answer: string) {
  const a = (await call(u, 'POST', '/students/study/attempt/start', { paperId })).result;
  t.clock.advance(1000);
  await call(u, 'POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: question, answer }] });
}

beforeAll(async () => {
  t = await createTestApp();
  teacher = await userWith(t, 'tj_teacher', [STUDY_PERMISSION, TEACH_PERMISSION]);
  otherTeacher = await userWith(t, 'tj_teacher2', [STUDY_PERMISSION, TEACH_PERMISSION]);
  [s1, s2, s3, s4, outsider] = [await userWith(t, 'tj_s1'), await userWith(t, 'tj_s2'), await userWith(t, 'tj_s3'), await userWith(t, 'tj_s4'), await userWith(t, 'tj_x')];
  classA = await insertClass(t.db, '四年级一班', [{ userId: teacher.id, role: 'teacher' }, ...[s1, s2, s3, s4].map((s) => ({ userId: s.id, role: 'student' as const }))]);
  await insertClass(t.db, '四年级二班', [{ userId: otherTeacher.id, role: 'teacher' }, { userId: outsider.id, role: 'student' }]);
  question = await insertQuestion(t.db, { answer: 'A' });
  paper = await insertPaper(t.db, { title: '活动测验', questions: [{ questionId: question, score: 10 }] });
  otherPaper = await insertPaper(t.db, { title: '别的试卷', questions: [{ questionId: question, score: 20 }] });
  scene = newId();
  await t.db.insertInto('stuHazardScene').values({ id: scene, tenantId, title: '厨房', image: null, description: null, category: null, gradeBand: null, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null }).execute();
  activityId = newId();
  await t.db
    .insertInto('stuActivity')
    .values({ id: activityId, tenantId, title: '安全知识竞赛', description: null, cover: null, startTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00', paperId: paper, published: 1, competition: 1, createBy: null, createTime: null, updateBy: null, updateTime: null })
    .execute();
  await t.db.insertInto('stuActivityClass').values({ id: newId(), tenantId, activityId, classId: classA }).execute();
  await t.db.insertInto('stuActivityHazard').values({ id: newId(), tenantId, activityId, sceneId: scene, sortNo: 1 }).execute();
});
afterAll(() => t.close());

describe('competition teams', () => {
  let tigers: string;
  let eagles: string;

  it('a class teacher creates teams and puts students in; the first one leads; another class’s teacher cannot', async () => {
    const refused = await call(otherTeacher, 'POST', '/students/teach/team/add', { classId: classA, name: '猛虎队', activityId });
    expect(refused).toMatchObject({ success: false, message: '只有本班教师可以安排队伍' });
    tigers = (await call(teacher, 'POST', '/students/teach/team/add', { classId: classA, name: '猛虎队', activityId })).result.id;
    eagles = (await call(teacher, 'POST', '/students/teach/team/add', { classId: classA, name: '雄鹰队', activityId })).result.id;
    expect(await call(teacher, 'POST', '/students/teach/team/add', { classId: classA, name: '猛虎队' })).toMatchObject({ success: false, message: '队伍名称已存在' });

    expect(await call(teacher, 'POST', '/students/teach/team/assign', { teamId: tigers, userId: s1.id })).toMatchObject({ success: true });
    expect(await call(teacher, 'POST', '/students/teach/team/assign', { teamId: tigers, userId: s2.id })).toMatchObject({ success: true });
    // a student of another class cannot be put in, nor can another teacher arrange this class's team
    expect(await call(teacher, 'POST', '/students/teach/team/assign', { teamId: tigers, userId: outsider.id })).toMatchObject({ success: false, message: '该学生不在你任教的班级中' });
    expect(await call(otherTeacher, 'POST', '/students/teach/team/assign', { teamId: tigers, userId: s3.id })).toMatchObject({ success: false, message: '只有本班教师可以安排队伍' });
    // one team per student
    expect(await call(teacher, 'POST', '/students/teach/team/assign', { teamId: eagles, userId: s2.id })).toMatchObject({ success: false, message: '“tj_s2”已是队伍“猛虎队”的成员，请先移出' });

    expect((await mine(s1)).team).toMatchObject({ id: tigers, name: '猛虎队', memberRole: 'captain', activityTitle: '安全知识竞赛' });
    expect((await mine(s2)).team).toMatchObject({ id: tigers, memberRole: 'member' });
    const view = (await call(teacher, 'GET', `/students/teach/teams?classId=${classA}`)).result;
    expect(view.teams.find((x: { id: string }) => x.id === tigers).members).toEqual([
      { userId: s1.id, realname: 'tj_s1', memberRole: 'captain' },
      { userId: s2.id, realname: 'tj_s2', memberRole: 'member' },
    ]);
    expect(view.students.find((s: { userId: string }) => s.userId === s3.id)).toMatchObject({ teamId: null });
  });

  it('a student asks to join, only the captain answers; accepted joins, declined does not', async () => {
    const state = await mine(s3);
    expect(state.team).toBeNull();
    expect(state.joinable.map((j: { name: string; captain: string | null; memberCount: number }) => [j.name, j.captain, j.memberCount])).toEqual([
      ['猛虎队', 'tj_s1', 2],
      ['雄鹰队', null, 0],
    ]);
    expect(await call(s3, 'POST', '/students/study/team/request', { teamId: tigers })).toMatchObject({ success: true, message: '已发送申请，等待队长同意' });
    // one request at a time
    expect(await call(s3, 'POST', '/students/study/team/request', { teamId: eagles })).toMatchObject({ success: false, message: '你已申请加入队伍“猛虎队”，请等待队长处理或撤回申请' });
    // a student of another class cannot ask
    expect(await call(outsider, 'POST', '/students/study/team/request', { teamId: tigers })).toMatchObject({ success: false, message: '这支队伍不在你的班级或活动中' });

    const captainView = await mine(s1);
    expect(captainView.incoming.map((r: { realname: string; teamName: string }) => [r.realname, r.teamName])).toEqual([['tj_s3', '猛虎队']]);
    const requestId = captainView.incoming[0].id;
    expect((await mine(s2)).incoming).toEqual([]);
    expect(await call(s2, 'POST', '/students/study/team/decide', { requestId, accept: true })).toMatchObject({ success: false, message: '只有队长可以处理入队申请' });
    expect(await call(s1, 'POST', '/students/study/team/decide', { requestId, accept: true })).toMatchObject({ success: true });
    expect((await mine(s3)).team).toMatchObject({ id: tigers, memberRole: 'member' });
    expect((await mine(s3)).sent).toEqual([]);
    // answered once
    expect(await call(s1, 'POST', '/students/study/team/decide', { requestId, accept: false })).toMatchObject({ success: false, message: '申请不存在或已处理' });

    await call(s4, 'POST', '/students/study/team/request', { teamId: tigers });
    const second = (await mine(s1)).incoming[0].id;
    expect(await call(s1, 'POST', '/students/study/team/decide', { requestId: second, accept: false })).toMatchObject({ success: true, message: '已拒绝申请' });
    expect((await mine(s4)).team).toBeNull();
    expect((await mine(s4)).sent).toEqual([]);

    // a member may leave, a captain may not; the teacher puts s4 in 雄鹰队
    expect(await call(s3, 'POST', '/students/study/team/leave')).toMatchObject({ success: true });
    expect(await call(s1, 'POST', '/students/study/team/leave')).toMatchObject({ success: false, message: '队长不能退出队伍，请联系老师' });
    expect(await call(teacher, 'POST', '/students/teach/team/assign', { teamId: eagles, userId: s4.id })).toMatchObject({ success: true });
    // a pending request is withdrawn by its sender
    await call(s3, 'POST', '/students/study/team/request', { teamId: eagles });
    const pending = (await mine(s3)).sent[0];
    expect(await call(s3, 'POST', '/students/study/team/withdraw', { requestId: pending.id })).toMatchObject({ success: true });
    expect((await mine(s4)).incoming).toEqual([]);
  });

  it("a team's score is the sum of its members' results in the activity's test and hazard pictures; teams and participants ranked", async () => {
    await take(s1, paper, 'A'); // 10 in the activity's test
    await take(s2, otherPaper, 'A'); // 20 elsewhere: not counted
    await t.db.insertInto('stuHazardPlay').values({ id: newId(), tenantId, sceneId: scene, userId: s2.id, status: 'done', startedAt: 0, finishedAt: 1, score: 30, createTime: null }).execute();
    await take(s4, paper, 'A'); // 10
    await take(s3, paper, 'B'); // 0: a participant with no points

    const teams = (await call(s1, 'GET', `/students/study/teams?activityId=${activityId}`)).result;
    expect(teams.map((x: { name: string; score: number; rank: number }) => [x.name, x.score, x.rank])).toEqual([
      ['猛虎队', 40, 1],
      ['雄鹰队', 10, 2],
    ]);
    for (const team of teams) expect(team.score).toBe(team.members.reduce((s: number, m: { score: number }) => s + m.score, 0));
    expect(teams[0].members).toEqual([
      { userId: s1.id, realname: 'tj_s1', memberRole: 'captain', score: 10 },
      { userId: s2.id, realname: 'tj_s2', memberRole: 'member', score: 30 },
    ]);

    const ranking = (await call(s3, 'GET', `/students/study/activity/ranking?activityId=${activityId}`)).result;
    expect(ranking.competition).toBe(true);
    expect(ranking.teams.map((x: { name: string; rank: number }) => [x.name, x.rank])).toEqual([
      ['猛虎队', 1],
      ['雄鹰队', 2],
    ]);
    expect(ranking.individuals.map((x: { realname: string; score: number; rank: number }) => [x.realname, x.score, x.rank])).toEqual([
      ['tj_s2', 30, 1],
      ['tj_s1', 10, 2],
      ['tj_s4', 10, 2],
      ['tj_s3', 0, 4],
    ]);
    // not given to the outsider's class
    expect(await call(outsider, 'GET', `/students/study/activity/ranking?activityId=${activityId}`)).toMatchObject({ success: false, message: '活动不存在或不在你的班级中' });

    // an activity that is not a competition ranks teams only
    await t.db.updateTable('stuActivity').set({ competition: 0 }).where('id', '=', activityId).execute();
    const plain = (await call(s1, 'GET', `/students/study/activity/ranking?activityId=${activityId}`)).result;
    expect(plain).toMatchObject({ competition: false, individuals: [] });
    expect(plain.teams).toHaveLength(2);
  });
});

describe('the back-office', () => {
  it('an activity is marked a competition and carries hazard pictures; a team names the activity it competes in', async () => {
    const { login } = await import('../../../../test/helpers/test-app');
    const admin = { id: '', token: await login(t.app) };
    const body = { title: '消防竞赛', startTime: '2026-09-01 08:00:00', endTime: '2026-09-07 18:00:00', paperId: paper, classIds: [classA], competition: 1 };
    expect(await call(admin, 'POST', '/students/activity/add', { ...body, sceneIds: [scene, scene] })).toMatchObject({ success: false, message: '活动中的隐患排查题不能重复' });
    expect(await call(admin, 'POST', '/students/activity/add', { ...body, sceneIds: ['nope'] })).toMatchObject({ success: false, message: '隐患排查题目不存在或不属于当前租户：nope' });
    expect(await call(admin, 'POST', '/students/activity/add', { ...body, sceneIds: [scene] })).toMatchObject({ success: true });
    const added = await t.db.selectFrom('stuActivity').select('id').where('title', '=', '消防竞赛').executeTakeFirstOrThrow();
    const got = (await call(admin, 'GET', `/students/activity/queryById?id=${added.id}`)).result;
    expect(got).toMatchObject({ competition: 1, sceneIds: [scene], scenes: [{ id: scene, title: '厨房' }] });

    expect(await call(admin, 'POST', '/students/competitionTeam/add', { name: '飞鱼队', activityId: 'nope' })).toMatchObject({ success: false, message: '竞赛活动不存在或不属于当前租户：nope' });
    expect(await call(admin, 'POST', '/students/competitionTeam/add', { name: '飞鱼队', activityId: added.id })).toMatchObject({ success: true });
    const team = await t.db.selectFrom('stuTeam').select('activityId').where('name', '=', '飞鱼队').executeTakeFirstOrThrow();
    expect(team.activityId).toBe(added.id);
  });
});
