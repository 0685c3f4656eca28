import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { caller, multipart, sheetRows, xlsx } from './testing';

// Classes, 专题活动, competition teams with their scores, 队员成绩 and students' works.
let t: TestApp;
let admin: ReturnType<typeof caller>;
let adminToken: string;
const users: Record<string, string> = {};
let classId: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app);
  admin = caller(t, adminToken);
  for (const name of ['老师甲', '学生一', '学生二', '学生三']) users[name] = await createUser(t.db, { username: name, password: 'Pass#2026x' });
  await t.db.insertInto('sysTenant').values({ id: 2000, name: '别的学校', status: 1 }).execute();
  users['外校生'] = await createUser(t.db, { username: '外校生', password: 'Pass#2026x', tenants: [2000] });
});
afterAll(() => t.close());

describe('classes', () => {
  it('keeps teachers and students of the tenant; nobody is both', async () => {
    const payload = { name: '三年级一班', grade: '3', teacherIds: [users['老师甲']], studentIds: [users['学生一'], users['学生二']] };
    expect((await admin.post('/students/class/add', { ...payload, studentIds: [users['外校生']] })).body).toMatchObject({ success: false, message: `用户不存在或不属于当前租户：${users['外校生']}` });
    expect((await admin.post('/students/class/add', { ...payload, studentIds: [users['老师甲']] })).body).toMatchObject({ success: false, message: '“老师甲”不能既是老师又是学生' });
    classId = await admin.add('/students/class', payload, `name=${encodeURIComponent('三年级一班')}`);
    const got = (await admin.get(`/students/class/queryById?id=${classId}`)).body.result;
    expect(got).toMatchObject({ name: '三年级一班', teacherCount: 1, studentCount: 2, teacherIds: [users['老师甲']] });
    expect([...got.studentIds].sort()).toEqual([users['学生一'], users['学生二']].sort());
    // an edit with only students keeps the teachers
    expect((await admin.put('/students/class/edit', { id: classId, studentIds: [users['学生三']] })).body.success).toBe(true);
    const edited = (await admin.get(`/students/class/queryById?id=${classId}`)).body.result;
    expect(edited).toMatchObject({ teacherIds: [users['老师甲']], studentIds: [users['学生三']] });
  });
});

describe('classes in spreadsheets', () => {
  it('carry their teachers and students by account: export → delete → import gives the same class back', async () => {
    const before = (await admin.get(`/students/class/queryById?id=${classId}`)).body.result;
    const file = await t.app.inject({ method: 'GET', url: `/api/students/class/exportXls?selections=${classId}`, headers: auth(adminToken) });
    const [header, row] = await sheetRows(file.rawPayload);
    expect(row[header.indexOf('老师')]).toBe('老师甲');
    expect(row[header.indexOf('学生')]).toBe('学生三');

    // a copy under another name, with an account of another school, is refused on its row only
    const copy = await xlsx([header, row, header.map((h, i) => (h === '班级名称' ? '三年级二班' : h === '学生' ? '外校生' : row[i]))]);
    expect((await admin.del(`/students/class/delete?id=${classId}`)).body.success).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/students/class/importExcel', ...multipart(copy, '班级.xlsx', adminToken) });
    expect(res.json()).toMatchObject({ success: true, code: 201, message: '文件导入完成，共2行，成功1行，失败1行' });
    const [back] = await admin.list(`/students/class/list?name=${encodeURIComponent('三年级一班')}`);
    classId = back.id;
    const after = (await admin.get(`/students/class/queryById?id=${classId}`)).body.result;
    expect({ teacherIds: after.teacherIds, studentIds: after.studentIds }).toEqual({ teacherIds: before.teacherIds, studentIds: before.studentIds });
    const errors = await sheetRows((await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${res.json().result.fileUrl}`, headers: auth(adminToken) })).rawPayload);
    expect(errors[1].at(-1)).toBe('学生账号“外校生”不存在或不属于当前租户');
  });
});

describe('activities', () => {
  it('bundles lessons and classes of the tenant between a start and an end', async () => {
    const courseId = await admin.add('/students/course', { title: '交通安全' }, `title=${encodeURIComponent('交通安全')}`);
    await admin.post('/students/lesson/add', { courseId, title: '认识红绿灯', kind: 'article', content: '<p>红灯停</p>' });
    const lessonId = (await admin.list(`/students/lesson/list?courseId=${courseId}`))[0].id;
    const base = { title: '安全教育周', startTime: '2026-09-01 08:00:00', endTime: '2026-09-07 18:00:00', lessonIds: [lessonId], classIds: [classId] };
    expect((await admin.post('/students/activity/add', { ...base, endTime: '2026-08-01 08:00:00' })).body).toMatchObject({ success: false, message: '开始时间必须早于结束时间' });
    expect((await admin.post('/students/activity/add', { ...base, paperId: 'nope' })).body).toMatchObject({ success: false, message: '测验试卷不存在或不属于当前租户：nope' });
    expect((await admin.post('/students/activity/add', { ...base, classIds: ['nope'] })).body).toMatchObject({ success: false, message: '班级不存在或不属于当前租户：nope' });
    expect((await admin.post('/students/activity/add', { ...base, lessonIds: [lessonId, lessonId] })).body).toMatchObject({ success: false, message: '活动中的课时不能重复' });
    const id = await admin.add('/students/activity', base, `title=${encodeURIComponent('安全教育周')}`);
    const got = (await admin.get(`/students/activity/queryById?id=${id}`)).body.result;
    expect(got).toMatchObject({ lessonIds: [lessonId], classIds: [classId], lessonCount: 1, classCount: 1, published: 0, paperTitle: null });
    expect(got.lessons[0]).toMatchObject({ title: '认识红绿灯', courseTitle: '交通安全' });
  });
});

describe('competition teams', () => {
  let teamId: string;
  it('needs exactly one captain, members of the tenant, each student in one team only', async () => {
    const members = [
      { userId: users['学生一'], memberRole: 'captain' },
      { userId: users['学生二'], memberRole: 'member' },
    ];
    expect((await admin.post('/students/competitionTeam/add', { name: '无队长', members: members.map((m) => ({ ...m, memberRole: 'member' })) })).body).toMatchObject({
      success: false,
      message: '队伍必须有且只有一名队长',
    });
    expect((await admin.post('/students/competitionTeam/add', { name: '外校', members: [{ userId: users['外校生'], memberRole: 'captain' }] })).body.message).toBe(`用户不存在或不属于当前租户：${users['外校生']}`);
    teamId = await admin.add('/students/competitionTeam', { name: '火焰队', slogan: '安全第一', members }, `name=${encodeURIComponent('火焰队')}`);
    expect((await admin.post('/students/competitionTeam/add', { name: '抢人队', members: [{ userId: users['学生二'], memberRole: 'captain' }] })).body).toMatchObject({
      success: false,
      message: '“学生二”已是队伍“火焰队”的成员',
    });
    // a team without members yet is fine
    expect((await admin.post('/students/competitionTeam/add', { name: '空队' })).body.success).toBe(true);
  });

  it('addScore needs its own code; team and member points add up', async () => {
    await createUser(t.db, { username: 'teamEditor', password: 'Team#2026x', menuKeys: ['education', 'education.competitionTeam', 'education.competitionTeam.list', 'education.competitionTeam.edit'] });
    const editor = caller(t, await login(t.app, 'teamEditor', 'Team#2026x'));
    const refused = await editor.post('/students/competitionTeam/addScore', { teamId, points: 10, reason: '知识竞赛' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(510);
    expect((await admin.post('/students/competitionTeam/addScore', { teamId, points: 0, reason: 'x' })).body).toMatchObject({ success: false, message: '分数不能为0' });
    expect((await admin.post('/students/competitionTeam/addScore', { teamId, userId: users['学生三'], points: 5, reason: 'x' })).body).toMatchObject({ success: false, message: '该用户不是这支队伍的队员' });
    expect((await admin.post('/students/competitionTeam/addScore', { teamId, points: 20, reason: '团体赛第一' })).body).toMatchObject({ success: true, message: '加分成功！' });
    expect((await admin.post('/students/competitionTeam/addScore', { teamId, userId: users['学生一'], points: 8, reason: '抢答' })).body.success).toBe(true);
    expect((await admin.post('/students/competitionTeam/addScore', { teamId, userId: users['学生一'], points: -3, reason: '违规' })).body).toMatchObject({ success: true, message: '扣分成功！' });
    expect((await admin.list(`/students/competitionTeam/list?name=${encodeURIComponent('火焰队')}`))[0]).toMatchObject({ score: 25, memberCount: 2 });
    const got = (await admin.get(`/students/competitionTeam/queryById?id=${teamId}`)).body.result;
    expect(got.members.map((m: any) => [m.realname, m.memberRole, m.score])).toEqual([
      ['学生一', 'captain', 5],
      ['学生二', 'member', 0],
    ]);
  });

  it('队员成绩 lists every member with team name, name and points, sorted and paged by the usual query, and exports them', async () => {
    const list = (await admin.get('/students/competitionTeamPerson/list?pageNo=1&pageSize=10&column=memberRole&order=asc')).body.result;
    expect(list.total).toBe(2);
    expect(list.records.map((r: any) => [r.teamName, r.realname, r.memberRoleText, r.score])).toEqual([
      ['火焰队', '学生一', '队长', 5],
      ['火焰队', '学生二', '队员', 0],
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/students/competitionTeamPerson/exportXls', headers: auth(adminToken) });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['队伍', '姓名', '角色', '得分', '加入时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual(
      expect.arrayContaining([
        ['火焰队', '学生一', '队长', 5],
        ['火焰队', '学生二', '队员', 0],
      ]),
    );
    const add = await admin.post('/students/competitionTeamPerson/add', {});
    expect(add.status).toBe(404);
  });
});

describe('activities and teams in spreadsheets', () => {
  const roundTrip = async (path: string, id: string, label: string) => {
    const file = await t.app.inject({ method: 'GET', url: `/api${path}/exportXls?selections=${id}`, headers: auth(adminToken) });
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file.rawPayload);
    expect((await admin.del(`${path}/delete?id=${id}`)).body.success).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: `/api${path}/importExcel`, ...multipart(file.rawPayload, `${label}.xlsx`, adminToken) });
    expect(res.json(), res.body).toMatchObject({ success: true, code: 200, message: '文件导入完成，共1行，成功1行，失败0行' });
    return rows;
  };

  it('an activity keeps its lessons (as 课程/课时) and classes through export → delete → import', async () => {
    const [activity] = await admin.list(`/students/activity/list?title=${encodeURIComponent('安全教育周')}`);
    const before = (await admin.get(`/students/activity/queryById?id=${activity.id}`)).body.result;
    const [header, row] = await roundTrip('/students/activity', activity.id, '活动');
    expect(row[header.indexOf('课时')]).toBe('交通安全/认识红绿灯');
    expect(row[header.indexOf('班级')]).toBe('三年级一班');
    const [back] = await admin.list(`/students/activity/list?title=${encodeURIComponent('安全教育周')}`);
    const after = (await admin.get(`/students/activity/queryById?id=${back.id}`)).body.result;
    expect({ lessonIds: after.lessonIds, classIds: after.classIds }).toEqual({ lessonIds: before.lessonIds, classIds: before.classIds });
  });

  it('a team keeps its captain and members through export → delete → import', async () => {
    const [team] = await admin.list(`/students/competitionTeam/list?name=${encodeURIComponent('火焰队')}`);
    const [header, row] = await roundTrip('/students/competitionTeam', team.id, '队伍');
    expect([row[header.indexOf('队长')], row[header.indexOf('队员')]]).toEqual(['学生一', '学生二']);
    const [back] = await admin.list(`/students/competitionTeam/list?name=${encodeURIComponent('火焰队')}`);
    const got = (await admin.get(`/students/competitionTeam/queryById?id=${back.id}`)).body.result;
    expect(got.members.map((m: any) => [m.realname, m.memberRole])).toEqual([
      ['学生一', 'captain'],
      ['学生二', 'member'],
    ]);
  });
});

describe('works', () => {
  it('adds a work and reviews it; an award only with approval', async () => {
    const id = await admin.add('/students/works', { title: '防火手抄报', authorId: users['学生一'], files: 'works/a.png, works/b.png' }, `title=${encodeURIComponent('防火手抄报')}`);
    const listed = (await admin.list(`/students/works/list?title=${encodeURIComponent('防火手抄报')}`))[0];
    expect(listed).toMatchObject({ reviewStatus: '0', reviewStatus_dictText: '待审核', authorName: '学生一', files: 'works/a.png,works/b.png', award: null });
    expect((await admin.post('/students/works/add', { title: 'x', authorId: users['外校生'] })).body.message).toBe(`用户不存在或不属于当前租户：${users['外校生']}`);
    expect((await admin.post('/students/works/review', { id, reviewStatus: '2', award: '1' })).body).toMatchObject({ success: false, message: '只有审核通过的作品才能评奖' });
    expect((await admin.post('/students/works/review', { id, reviewStatus: '1', reviewComment: '画得好', award: '2' })).body).toMatchObject({ success: true, message: '审核成功！' });
    const got = (await admin.get(`/students/works/queryById?id=${id}`)).body.result;
    expect(got).toMatchObject({ reviewStatus_dictText: '已通过', award_dictText: '二等奖', reviewComment: '画得好', reviewedBy: 'admin' });
    expect(got.reviewedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the review columns are not written through edit
    expect((await admin.put('/students/works/edit', { id, title: '防火手抄报（改）', reviewStatus: '0', award: '1' })).body.success).toBe(true);
    expect((await admin.get(`/students/works/queryById?id=${id}`)).body.result).toMatchObject({ title: '防火手抄报（改）', reviewStatus: '1', award: '2' });
  });

  it('review needs students:works:review', async () => {
    await createUser(t.db, { username: 'worksEditor', password: 'Works#2026x', menuKeys: ['education', 'education.works', 'education.works.list', 'education.works.edit'] });
    const editor = caller(t, await login(t.app, 'worksEditor', 'Works#2026x'));
    const res = await editor.post('/students/works/review', { id: 'x', reviewStatus: '1' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(510);
  });
});
