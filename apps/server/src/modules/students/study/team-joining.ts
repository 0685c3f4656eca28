// How students come to be in a competition team: a class's teacher puts them there (or takes them out),
// or a student asks to join and the team's captain accepts or declines. A student is in one team at most.
// An activity that is a competition also ranks its participants one by one; other activities rank teams
// only, and no list anywhere names who has no result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STUDY_PERMISSION, TEACH_PERMISSION, type ActivityRanking, type JoinableTeam, type MyTeamState, type TeamRequestView } from '@anxue/shared';
import { formatDateTime, newId, type Db } from '../../../core/db';
import { ok } from '../../../core/http';
import { inTenant, refuse, studyCaller, type StudyCaller } from './common';
import { activityScopes, rankTeams, ranked, studyPoints } from './teams';

export const TEAM_MESSAGES = {
  noTeam: '队伍不存在',
  notReachable: '这支队伍不在你的班级或活动中',
  alreadyInTeam: '你已是队伍“{name}”的成员',
  pendingElsewhere: '你已申请加入队伍“{name}”，请等待队长处理或撤回申请',
  noRequest: '申请不存在或已处理',
  captainOnly: '只有队长可以处理入队申请',
  joinedElsewhere: '该同学已加入其他队伍',
  captainStays: '队长不能退出队伍，请联系老师',
  notInTeam: '你还没有加入队伍',
  teacherOnly: '只有本班教师可以安排队伍',
  notStudent: '该学生不在你任教的班级中',
  memberElsewhere: '“{name}”已是队伍“{team}”的成员，请先移出',
  notMember: '该学生不是这支队伍的成员',
  removeCaptain: '不能移出队长，请先指定新队长',
  noActivity: '活动不存在或不在你的班级中',
  nameTaken: '队伍名称已存在',
} as const;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
const id = z.string({ error: '缺少参数' }).min(1, '缺少参数').max(32, '参数格式不正确');

/** Classes the user belongs to (as a student or teacher). */
const classesOf = (db: Db, userId: string, role?: 'student' | 'teacher') => {
  let q = db.selectFrom('stuClassMember').select('classId').where('userId', '=', userId);
  if (role) q = q.where('memberRole', '=', role);
  return q;
};

async function teamOf(db: Db, caller: StudyCaller, teamId: string) {
  const team = await inTenant(db.selectFrom('stuTeam').select(['id', 'name', 'classId', 'activityId']), caller).where('id', '=', teamId).executeTakeFirst();
  if (!team) throw refuse(TEAM_MESSAGES.noTeam);
  return team;
}

async function membershipOf(db: Db, caller: StudyCaller, userId: string) {
  return inTenant(db.selectFrom('stuTeamMember as m').innerJoin('stuTeam as t', 't.id', 'm.teamId').select(['m.teamId', 'm.memberRole', 't.name']), caller, 'm.tenantId')
    .where('m.userId', '=', userId)
    .executeTakeFirst();
}

/** Teams a student may ask to join: of no class or one of theirs, of no activity or one given to their classes. */
function reachableTeams(db: Db, caller: StudyCaller) {
  const mine = classesOf(db, caller.id, 'student');
  return inTenant(db.selectFrom('stuTeam as t'), caller, 't.tenantId')
    .where((eb) => eb.or([eb('t.classId', 'is', null), eb('t.classId', 'in', mine)]))
    .where((eb) => eb.or([eb('t.activityId', 'is', null), eb('t.activityId', 'in', db.selectFrom('stuActivityClass').select('activityId').where('classId', 'in', mine))]));
}

async function requestViews(db: Db, where: { teamId?: string; userId?: string }): Promise<TeamRequestView[]> {
  let q = db
    .selectFrom('stuTeamRequest as r')
    .innerJoin('stuTeam as t', 't.id', 'r.teamId')
    .innerJoin('sysUser as u', 'u.id', 'r.userId')
    .select(['r.id', 'r.teamId', 't.name as teamName', 'r.userId', 'u.realname', 'u.username', 'r.status', 'r.createTime'])
    .where('r.status', '=', 'pending')
    .orderBy('r.createTime')
    .orderBy('r.id');
  if (where.teamId) q = q.where('r.teamId', '=', where.teamId);
  if (where.userId) q = q.where('r.userId', '=', where.userId);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, teamId: r.teamId, teamName: r.teamName, userId: r.userId, realname: r.realname || r.username, status: r.status as TeamRequestView['status'], createTime: r.createTime }));
}

/** Withdraws every pending request of a user (they are in a team now). */
const closeRequestsOf = (db: Db, userId: string, at: string) =>
  db.updateTable('stuTeamRequest').set({ status: 'withdrawn', decidedTime: at }).where('userId', '=', userId).where('status', '=', 'pending').execute();

export function registerTeamJoiningRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const study = { permission: STUDY_PERMISSION };
  const teach = { permission: TEACH_PERMISSION };
  const tags = ['学习园地'];
  const now = () => formatDateTime(clock.now());

  api.get('/students/study/team/mine', { config: study, schema: { tags, summary: '我的队伍与入队申请' } }, async (req) => {
    const caller = studyCaller(req);
    const member = await membershipOf(db, caller, caller.id);
    const sent = await requestViews(db, { userId: caller.id });
    let team: MyTeamState['team'] = null;
    let incoming: TeamRequestView[] = [];
    let joinable: JoinableTeam[] = [];
    if (member) {
      const t = await db.selectFrom('stuTeam as t').leftJoin('stuActivity as a', 'a.id', 't.activityId').select(['t.id', 't.name', 't.activityId', 'a.title as activityTitle']).where('t.id', '=', member.teamId).executeTakeFirstOrThrow();
      team = { id: t.id, name: t.name, memberRole: member.memberRole === 'captain' ? 'captain' : 'member', activityId: t.activityId, activityTitle: t.activityTitle ?? null };
      if (team.memberRole === 'captain') incoming = await requestViews(db, { teamId: team.id });
    } else {
      const rows = await reachableTeams(db, caller)
        .leftJoin('stuActivity as a', 'a.id', 't.activityId')
        .select((eb) => [
          't.id',
          't.name',
          't.slogan',
          't.activityId',
          'a.title as activityTitle',
          eb.selectFrom('stuTeamMember as m').select(eb.fn.countAll<number>().as('n')).whereRef('m.teamId', '=', 't.id').as('memberCount'),
          eb
            .selectFrom('stuTeamMember as c')
            .innerJoin('sysUser as u', 'u.id', 'c.userId')
            .select((x) => x.fn.coalesce('u.realname', 'u.username').as('n'))
            .whereRef('c.teamId', '=', 't.id')
            .where('c.memberRole', '=', 'captain')
            .limit(1)
            .as('captain'),
        ])
        .orderBy('t.name')
        .execute();
      joinable = rows.map((r) => ({ id: r.id, name: r.name, slogan: r.slogan, activityId: r.activityId, activityTitle: r.activityTitle ?? null, memberCount: Number(r.memberCount ?? 0), captain: (r.captain as string | null) ?? null }));
    }
    const state: MyTeamState = { team, sent, incoming, joinable };
    return ok(state);
  });

  api.post('/students/study/team/request', { config: study, schema: { tags, summary: '申请加入队伍', body: z.object({ teamId: id }) } }, async (req) => {
    const caller = studyCaller(req);
    const team = await teamOf(db, caller, req.body.teamId);
    const reachable = await reachableTeams(db, caller).select('t.id').where('t.id', '=', team.id).executeTakeFirst();
    if (!reachable) throw refuse(TEAM_MESSAGES.notReachable);
    const member = await membershipOf(db, caller, caller.id);
    if (member) throw refuse(fill(TEAM_MESSAGES.alreadyInTeam, { name: member.name }));
    const pending = (await requestViews(db, { userId: caller.id }))[0];
    if (pending) throw refuse(fill(TEAM_MESSAGES.pendingElsewhere, { name: pending.teamName }));
    await db.insertInto('stuTeamRequest').values({ id: newId(), tenantId: caller.tenantId, teamId: team.id, userId: caller.id, status: 'pending', createTime: now(), decidedBy: null, decidedTime: null }).execute();
    return ok(null, '已发送申请，等待队长同意');
  });

  api.post('/students/study/team/withdraw', { config: study, schema: { tags, summary: '撤回入队申请', body: z.object({ requestId: id }) } }, async (req) => {
    const caller = studyCaller(req);
    const res = await db
      .updateTable('stuTeamRequest')
      .set({ status: 'withdrawn', decidedTime: now() })
      .where('tenantId', '=', caller.tenantId)
      .where('id', '=', req.body.requestId)
      .where('userId', '=', caller.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw refuse(TEAM_MESSAGES.noRequest);
    return ok(null, '已撤回申请');
  });

  api.post('/students/study/team/decide', { config: study, schema: { tags, summary: '队长同意或拒绝入队申请', body: z.object({ requestId: id, accept: z.boolean({ error: '请选择同意或拒绝' }) }) } }, async (req) => {
    const caller = studyCaller(req);
    const request = await inTenant(db.selectFrom('stuTeamRequest').select(['id', 'teamId', 'userId']), caller).where('id', '=', req.body.requestId).where('status', '=', 'pending').executeTakeFirst();
    if (!request) throw refuse(TEAM_MESSAGES.noRequest);
    const captain = await db.selectFrom('stuTeamMember').select('id').where('teamId', '=', request.teamId).where('userId', '=', caller.id).where('memberRole', '=', 'captain').executeTakeFirst();
    if (!captain) throw refuse(TEAM_MESSAGES.captainOnly);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const taken = await trx.updateTable('stuTeamRequest').set({ status: req.body.accept ? 'accepted' : 'declined', decidedBy: caller.id, decidedTime: at }).where('id', '=', request.id).where('status', '=', 'pending').executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw refuse(TEAM_MESSAGES.noRequest);
      if (!req.body.accept) return ok(null, '已拒绝申请');
      const elsewhere = await trx.selectFrom('stuTeamMember').select('id').where('userId', '=', request.userId).executeTakeFirst();
      if (elsewhere) throw refuse(TEAM_MESSAGES.joinedElsewhere);
      await trx.insertInto('stuTeamMember').values({ id: newId(), tenantId: caller.tenantId, teamId: request.teamId, userId: request.userId, memberRole: 'member', joinTime: at }).execute();
      await closeRequestsOf(trx as unknown as Db, request.userId, at);
      return ok(null, '已同意，新队员已加入');
    });
  });

  api.post('/students/study/team/leave', { config: study, schema: { tags, summary: '退出队伍' } }, async (req) => {
    const caller = studyCaller(req);
    const member = await membershipOf(db, caller, caller.id);
    if (!member) throw refuse(TEAM_MESSAGES.notInTeam);
    if (member.memberRole === 'captain') throw refuse(TEAM_MESSAGES.captainStays);
    await db.deleteFrom('stuTeamMember').where('teamId', '=', member.teamId).where('userId', '=', caller.id).execute();
    return ok(null, '已退出队伍');
  });

  // ---------- a class's teacher arranges the teams ----------

  /** The class, when the caller teaches it. */
  async function taughtClass(caller: StudyCaller, classId: string) {
    const cls = await inTenant(db.selectFrom('stuClass').select(['id', 'name']), caller).where('id', '=', classId).where('id', 'in', classesOf(db, caller.id, 'teacher')).executeTakeFirst();
    if (!cls) throw refuse(TEAM_MESSAGES.teacherOnly);
    return cls;
  }
  /** A team the caller may arrange: one of a class they teach. */
  async function taughtTeam(caller: StudyCaller, teamId: string) {
    const team = await teamOf(db, caller, teamId);
    if (!team.classId) throw refuse(TEAM_MESSAGES.teacherOnly);
    await taughtClass(caller, team.classId);
    return team as typeof team & { classId: string };
  }

  api.get('/students/teach/teams', { config: teach, schema: { tags, summary: '班级的竞赛队伍（教师）', querystring: z.object({ classId: id }) } }, async (req) => {
    const caller = studyCaller(req);
    const cls = await taughtClass(caller, req.query.classId);
    const [teams, students, members, activities] = await Promise.all([
      inTenant(db.selectFrom('stuTeam as t').leftJoin('stuActivity as a', 'a.id', 't.activityId').select(['t.id', 't.name', 't.slogan', 't.activityId', 'a.title as activityTitle']), caller, 't.tenantId')
        .where('t.classId', '=', cls.id)
        .orderBy('t.name')
        .execute(),
      db
        .selectFrom('stuClassMember as m')
        .innerJoin('sysUser as u', 'u.id', 'm.userId')
        .select(['m.userId', 'u.realname', 'u.username'])
        .where('m.classId', '=', cls.id)
        .where('m.memberRole', '=', 'student')
        .orderBy('u.realname')
        .orderBy('u.username')
        .execute(),
      db
        .selectFrom('stuTeamMember as m')
        .innerJoin('stuTeam as t', 't.id', 'm.teamId')
        .select(['m.teamId', 'm.userId', 'm.memberRole', 't.name as teamName'])
        .where('m.userId', 'in', db.selectFrom('stuClassMember').select('userId').where('classId', '=', cls.id).where('memberRole', '=', 'student'))
        .execute(),
      db.selectFrom('stuActivity as a').select(['a.id', 'a.title']).where('a.id', 'in', db.selectFrom('stuActivityClass').select('activityId').where('classId', '=', cls.id)).where('a.published', '=', 1).orderBy('a.startTime', 'desc').execute(),
    ]);
    const nameOf = new Map(students.map((s) => [s.userId, s.realname || s.username]));
    return ok({
      classId: cls.id,
      className: cls.name,
      activities,
      teams: teams.map((t) => ({
        ...t,
        activityTitle: t.activityTitle ?? null,
        members: members.filter((m) => m.teamId === t.id).map((m) => ({ userId: m.userId, realname: nameOf.get(m.userId) ?? '', memberRole: m.memberRole === 'captain' ? 'captain' : 'member' })),
      })),
      students: students.map((s) => {
        const m = members.find((x) => x.userId === s.userId);
        return { userId: s.userId, realname: s.realname || s.username, teamId: m?.teamId ?? null, teamName: m?.teamName ?? null };
      }),
    });
  });

  api.post(
    '/students/teach/team/add',
    {
      config: teach,
      schema: {
        tags,
        summary: '新建班级队伍（教师）',
        body: z.object({
          classId: id,
          name: z.string({ error: '请填写队伍名称' }).trim().min(1, '请填写队伍名称').max(100, '队伍名称最长100个字符'),
          slogan: z.string().trim().max(200, '口号最长200个字符').optional(),
          activityId: id.optional(),
        }),
      },
    },
    async (req) => {
      const caller = studyCaller(req);
      const cls = await taughtClass(caller, req.body.classId);
      if (req.body.activityId) {
        const given = await inTenant(db.selectFrom('stuActivity').select('id'), caller)
          .where('id', '=', req.body.activityId)
          .where('id', 'in', db.selectFrom('stuActivityClass').select('activityId').where('classId', '=', cls.id))
          .executeTakeFirst();
        if (!given) throw refuse(TEAM_MESSAGES.noActivity);
      }
      const same = await inTenant(db.selectFrom('stuTeam').select('id'), caller).where('classId', '=', cls.id).where('name', '=', req.body.name).executeTakeFirst();
      if (same) throw refuse(TEAM_MESSAGES.nameTaken);
      const teamId = newId();
      const at = now();
      await db
        .insertInto('stuTeam')
        .values({ id: teamId, tenantId: caller.tenantId, name: req.body.name, slogan: req.body.slogan || null, logo: null, classId: cls.id, activityId: req.body.activityId ?? null, createBy: caller.username ?? null, createTime: at, updateBy: null, updateTime: null })
        .execute();
      return ok({ id: teamId }, '队伍已创建');
    },
  );

  api.post(
    '/students/teach/team/assign',
    { config: teach, schema: { tags, summary: '把学生编入队伍（教师）', body: z.object({ teamId: id, userId: id, captain: z.boolean().optional() }) } },
    async (req) => {
      const caller = studyCaller(req);
      const team = await taughtTeam(caller, req.body.teamId);
      const student = await db
        .selectFrom('stuClassMember as m')
        .innerJoin('sysUser as u', 'u.id', 'm.userId')
        .select(['u.realname', 'u.username'])
        .where('m.classId', '=', team.classId)
        .where('m.userId', '=', req.body.userId)
        .where('m.memberRole', '=', 'student')
        .executeTakeFirst();
      if (!student) throw refuse(TEAM_MESSAGES.notStudent);
      const at = now();
      const current = await membershipOf(db, caller, req.body.userId);
      if (current && current.teamId !== team.id) throw refuse(fill(TEAM_MESSAGES.memberElsewhere, { name: student.realname || student.username, team: current.name }));
      await db.transaction().execute(async (trx) => {
        if (req.body.captain) await trx.updateTable('stuTeamMember').set({ memberRole: 'member' }).where('teamId', '=', team.id).where('memberRole', '=', 'captain').execute();
        if (current) {
          if (req.body.captain) await trx.updateTable('stuTeamMember').set({ memberRole: 'captain' }).where('teamId', '=', team.id).where('userId', '=', req.body.userId).execute();
        } else {
          // the first member leads the team until the teacher names another captain
          const any = await trx.selectFrom('stuTeamMember').select('id').where('teamId', '=', team.id).executeTakeFirst();
          await trx
            .insertInto('stuTeamMember')
            .values({ id: newId(), tenantId: caller.tenantId, teamId: team.id, userId: req.body.userId, memberRole: req.body.captain || !any ? 'captain' : 'member', joinTime: at })
            .execute();
        }
        await closeRequestsOf(trx as unknown as Db, req.body.userId, at);
      });
      return ok(null, '已编入队伍');
    },
  );

  api.post('/students/teach/team/remove', { config: teach, schema: { tags, summary: '把学生移出队伍（教师）', body: z.object({ teamId: id, userId: id }) } }, async (req) => {
    const caller = studyCaller(req);
    const team = await taughtTeam(caller, req.body.teamId);
    const member = await db.selectFrom('stuTeamMember').select(['id', 'memberRole']).where('teamId', '=', team.id).where('userId', '=', req.body.userId).executeTakeFirst();
    if (!member) throw refuse(TEAM_MESSAGES.notMember);
    const others = await db.selectFrom('stuTeamMember').select('id').where('teamId', '=', team.id).where('userId', '!=', req.body.userId).executeTakeFirst();
    if (member.memberRole === 'captain' && others) throw refuse(TEAM_MESSAGES.removeCaptain);
    await db.deleteFrom('stuTeamMember').where('id', '=', member.id).execute();
    return ok(null, '已移出队伍');
  });

  // ---------- an activity's ranking ----------

  api.get('/students/study/activity/ranking', { config: study, schema: { tags, summary: '活动排行（竞赛活动含个人排名）', querystring: z.object({ activityId: id }) } }, async (req) => {
    const caller = studyCaller(req);
    const activity = await inTenant(db.selectFrom('stuActivity').select(['id', 'title', 'competition']), caller)
      .where('id', '=', req.query.activityId)
      .where('published', '=', 1)
      .where('id', 'in', db.selectFrom('stuActivityClass').select('activityId').where('classId', 'in', classesOf(db, caller.id)))
      .executeTakeFirst();
    if (!activity) throw refuse(TEAM_MESSAGES.noActivity);
    const teamRows = await inTenant(db.selectFrom('stuTeam').select(['id', 'name', 'slogan', 'logo', 'activityId']), caller).where('activityId', '=', activity.id).execute();
    const teams = (await rankTeams(app, caller, teamRows)).map((t) => ({ id: t.id, name: t.name, score: t.score, rank: t.rank }));
    const competition = activity.competition === 1;
    let individuals: ActivityRanking['individuals'] = [];
    if (competition) {
      const scope = (await activityScopes(db, [activity.id])).get(activity.id)!;
      const students = (d: Db) => d.selectFrom('stuClassMember').select('userId').where('memberRole', '=', 'student').where('classId', 'in', d.selectFrom('stuActivityClass').select('classId').where('activityId', '=', activity.id));
      const points = await studyPoints(db, caller, students, scope);
      // participants only: a student with no result in the activity is not listed at all
      const [withAttempt, withPlay] = await Promise.all([
        scope.paperIds.length ? db.selectFrom('stuAttempt').select('userId').distinct().where('status', '=', 'done').where('paperId', 'in', scope.paperIds).where('userId', 'in', students(db)).execute() : Promise.resolve([]),
        scope.sceneIds.length ? db.selectFrom('stuHazardPlay').select('userId').distinct().where('status', '=', 'done').where('sceneId', 'in', scope.sceneIds).where('userId', 'in', students(db)).execute() : Promise.resolve([]),
      ]);
      const ids = [...new Set([...withAttempt, ...withPlay].map((r) => r.userId))];
      const names = ids.length ? await db.selectFrom('sysUser').select(['id', 'realname', 'username']).where('id', 'in', ids).execute() : [];
      individuals = ranked(
        names.map((u) => ({ userId: u.id, realname: u.realname || u.username, score: points.get(u.id) ?? 0 })),
        (a, b) => a.realname.localeCompare(b.realname, 'zh'),
      );
    }
    const answer: ActivityRanking = { activityId: activity.id, title: activity.title, competition, teams, individuals };
    return ok(answer);
  });
}
