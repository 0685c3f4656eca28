// 竞赛队伍 and 队员成绩: teams with a captain and members (a student in at most one team), and points
// given by hand (addScore) or earned in study (source_id), summed per team and per member.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ResourceError, type ResourceDef, type ResourceField } from '../../../core/crud';
import { newId } from '../../../core/db';
import { auditFields, idField, num, parseList, refuseRepeats, requireOwnRows, requireTenantUsers, userNames } from './common';
import { teamCaptainLink, teamMemberLink } from './team-excel-links';

const memberEntry = z.object({
  userId: z.string({ error: '请选择队员' }).min(1, '请选择队员').max(32, '队员格式不正确'),
  memberRole: z.enum(['captain', 'member'], { error: '队员角色只能是队长或队员' }).default('member'),
});

/** Points per team, and per team member (key `${teamId}:${userId}`). */
export async function teamScores(db: Kysely<any>, teamIds: string[]) {
  const team = new Map<string, number>();
  const member = new Map<string, number>();
  if (!teamIds.length) return { team, member };
  const rows = await db
    .selectFrom('stuTeamScore')
    .select(['teamId', 'userId', (eb) => eb.fn.sum<number>('points').as('points')])
    .where('teamId', 'in', teamIds)
    .groupBy(['teamId', 'userId'])
    .execute();
  for (const r of rows) {
    team.set(r.teamId, (team.get(r.teamId) ?? 0) + num(r.points));
    if (r.userId) member.set(`${r.teamId}:${r.userId}`, num(r.points));
  }
  return { team, member };
}

export const competitionTeamResource: ResourceDef = {
  label: '竞赛队伍',
  table: 'stuTeam',
  path: '/students/competitionTeam',
  permission: 'students:competitionTeam',
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  without: ['queryById'],
  fields: [
    idField,
    { name: 'name', type: 'string', title: '队伍名称', required: true, max: 100 },
    { name: 'slogan', type: 'string', title: '口号', max: 200 },
    { name: 'logo', type: 'string', title: '队徽', max: 500 },
    { name: 'classId', type: 'string', title: '班级', max: 32, excel: false },
    { name: 'activityId', type: 'string', title: '竞赛活动', max: 32, excel: false },
    ...auditFields,
  ],
  // people travel in spreadsheets by account (issue 19); the captain first, so members find one
  excelLinks: [teamCaptainLink, teamMemberLink],
  extraInput: { members: z.array(z.unknown(), { error: '队员格式不正确' }).optional() },
  hooks: {
    async beforeSave(row, ctx) {
      if (row.classId) await requireOwnRows(ctx.db, ctx, 'stuClass', [String(row.classId)], '班级');
      if (row.activityId) await requireOwnRows(ctx.db, ctx, 'stuActivity', [String(row.activityId)], '竞赛活动');
    },
    async afterSave(row, input, ctx) {
      if (input.members === undefined) return;
      const id = String(row.id);
      const members = parseList(memberEntry, input.members, '队员', 200);
      refuseRepeats(
        members.map((m) => m.userId),
        () => '队员不能重复',
      );
      if (members.length && members.filter((m) => m.memberRole === 'captain').length !== 1) throw new ResourceError('队伍必须有且只有一名队长');
      const names = await requireTenantUsers(
        ctx,
        members.map((m) => m.userId),
      );
      if (members.length) {
        const elsewhere = await ctx.db
          .selectFrom('stuTeamMember as m')
          .innerJoin('stuTeam as t', 't.id', 'm.teamId')
          .select(['m.userId', 't.name'])
          .where(
            'm.userId',
            'in',
            members.map((m) => m.userId),
          )
          .where('m.teamId', '<>', id)
          .executeTakeFirst();
        if (elsewhere) throw new ResourceError(`“${names.get(elsewhere.userId)}”已是队伍“${elsewhere.name}”的成员`);
      }
      const joined = new Map((await ctx.db.selectFrom('stuTeamMember').select(['userId', 'joinTime']).where('teamId', '=', id).execute()).map((m) => [m.userId, m.joinTime]));
      await ctx.db.deleteFrom('stuTeamMember').where('teamId', '=', id).execute();
      if (members.length)
        await ctx.db
          .insertInto('stuTeamMember')
          .values(members.map((m) => ({ id: newId(), teamId: id, tenantId: ctx.tenantId, userId: m.userId, memberRole: m.memberRole, joinTime: joined.get(m.userId) ?? ctx.now })))
          .execute();
    },
    async decorate(records, ctx) {
      const ids = records.map((r) => String(r.id));
      const { team } = await teamScores(ctx.db, ids);
      const counts = ids.length ? await ctx.db.selectFrom('stuTeamMember').select(['teamId', (eb) => eb.fn.countAll<number>().as('n')]).where('teamId', 'in', ids).groupBy('teamId').execute() : [];
      const byTeam = new Map(counts.map((c) => [c.teamId, Number(c.n)]));
      for (const r of records) {
        r.score = team.get(String(r.id)) ?? 0;
        r.memberCount = byTeam.get(String(r.id)) ?? 0;
      }
    },
  },
};

/** What queryById adds to a team: its members, captain first, with their points. */
export async function teamDetail(db: Kysely<any>, id: string) {
  const rows = await db
    .selectFrom('stuTeamMember as m')
    .innerJoin('sysUser as u', 'u.id', 'm.userId')
    .select(['m.userId', 'm.memberRole', 'm.joinTime', 'u.realname', 'u.username'])
    .where('m.teamId', '=', id)
    .orderBy('m.memberRole')
    .orderBy('u.realname')
    .execute();
  const { member } = await teamScores(db, [id]);
  const members = rows.map((m) => ({ userId: m.userId, realname: m.realname || m.username, memberRole: m.memberRole, joinTime: m.joinTime, score: member.get(`${id}:${m.userId}`) ?? 0 }));
  return { members };
}

export const addScoreInput = z.object({
  teamId: z.string({ error: '请选择队伍' }).min(1, '请选择队伍').max(32),
  userId: z.preprocess((v) => (v === '' ? null : v), z.string().max(32).nullable().optional()),
  points: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: '分数必须是数字' }).int('分数必须是整数').min(-10000, '分数超出范围').max(10000, '分数超出范围')).refine((v) => v !== 0, { message: '分数不能为0' }),
  reason: z.string({ error: '请填写加分原因' }).trim().min(1, '请填写加分原因').max(200, '加分原因最长200个字符'),
});

// ---------- 队员成绩 ----------

/** Columns filled in by decorate (joined from the team, the user and the points): shown and exported, not queried. */
const joined = (name: string, title: string, type: ResourceField['type'] = 'string'): ResourceField => ({ name, type, title, readable: false, writable: false, excel: true, query: false, sort: false });

export const competitionTeamPersonResource: ResourceDef = {
  label: '队员成绩',
  table: 'stuTeamMember',
  path: '/students/competitionTeamPerson',
  permission: 'students:competitionTeamPerson',
  tenant: true,
  defaultSort: [{ field: 'teamId', order: 'asc' }, { field: 'memberRole', order: 'asc' }],
  without: ['queryById', 'add', 'edit', 'delete', 'deleteBatch', 'importExcel'],
  fields: [
    idField,
    { name: 'teamId', type: 'string', title: '队伍', writable: false },
    { name: 'userId', type: 'string', title: '用户', writable: false },
    { name: 'memberRole', type: 'string', title: '角色代码', writable: false },
    joined('teamName', '队伍'),
    joined('realname', '姓名'),
    joined('memberRoleText', '角色'),
    joined('score', '得分', 'int'),
    { name: 'joinTime', type: 'string', title: '加入时间', writable: false, excel: true },
  ],
  hooks: {
    async decorate(records, ctx) {
      const teamIds = [...new Set(records.map((r) => String(r.teamId)))];
      const teams = teamIds.length ? await ctx.db.selectFrom('stuTeam').select(['id', 'name']).where('id', 'in', teamIds).execute() : [];
      const teamName = new Map(teams.map((t) => [t.id, t.name]));
      const names = await userNames(
        ctx.db,
        records.map((r) => String(r.userId)),
      );
      const { member } = await teamScores(ctx.db, teamIds);
      for (const r of records) {
        r.teamName = teamName.get(String(r.teamId)) ?? '';
        r.realname = names.get(String(r.userId)) ?? '';
        r.memberRoleText = r.memberRole === 'captain' ? '队长' : '队员';
        r.score = member.get(`${r.teamId}:${r.userId}`) ?? 0;
      }
    },
  },
};
