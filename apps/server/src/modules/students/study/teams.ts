import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STUDY_PERMISSION, type TeamRanking } from '@anxue/shared';
import { ok } from '../../../core/http';
import type { Db } from '../../../core/db';
import { imageAddress, inTenant, studyCaller, type StudyCaller } from './common';
import { countedScores } from './counted-scores';

/** The tests and hazard pictures of an activity: the only results that count in its competition. */
export interface ActivityScope {
  paperIds: string[];
  sceneIds: string[];
}

/** The quiz paper and hazard pictures of each activity. */
export async function activityScopes(db: Db, activityIds: string[]): Promise<Map<string, ActivityScope>> {
  const out = new Map<string, ActivityScope>();
  if (!activityIds.length) return out;
  const [acts, scenes] = await Promise.all([
    db.selectFrom('stuActivity').select(['id', 'paperId']).where('id', 'in', activityIds).execute(),
    db.selectFrom('stuActivityHazard').select(['activityId', 'sceneId']).where('activityId', 'in', activityIds).orderBy('sortNo').execute(),
  ]);
  for (const a of acts) out.set(a.id, { paperIds: a.paperId ? [a.paperId] : [], sceneIds: scenes.filter((x) => x.activityId === a.id).map((x) => x.sceneId) });
  return out;
}

/**
 * Paper and hazard points per user: Σ counted paper scores + Σ best score per hazard scene; grouped queries
 * only. With a scope, only the activity's own paper and scenes count.
 */
export async function studyPoints(db: Db, caller: StudyCaller, users: (db: Db) => any, scope?: ActivityScope): Promise<Map<string, number>> {
  if (scope && !scope.paperIds.length && !scope.sceneIds.length) return new Map();
  const papers = (q: any) => (scope ? q.where('a.paperId', 'in', scope.paperIds.length ? scope.paperIds : ['']) : q);
  const scenes = (q: any) => (scope ? q.where('p.sceneId', 'in', scope.sceneIds.length ? scope.sceneIds : ['']) : q);
  const [paperRows, hazardRows] = await Promise.all([
    db
      .selectFrom(papers(countedScores(db, caller).where('a.userId', 'in', users(db))).as('c'))
      .select((eb) => ['c.userId', eb.fn.sum<number>('c.score').as('points')])
      .groupBy('c.userId')
      .execute() as Promise<Array<{ userId: string; points: unknown }>>,
    db
      .selectFrom(
        inTenant(
          scenes(
            db
              .selectFrom('stuHazardPlay as p')
              .select((eb) => ['p.userId', 'p.sceneId', eb.fn.max('p.score').as('best')])
              .where('p.status', '=', 'done')
              .where('p.userId', 'in', users(db)),
          ).groupBy(['p.userId', 'p.sceneId']),
          caller,
          'p.tenantId',
        ).as('h'),
      )
      .select((eb) => ['h.userId', eb.fn.sum<number>('h.best').as('points')])
      .groupBy('h.userId')
      .execute(),
  ]);
  const out = new Map<string, number>();
  for (const r of [...paperRows, ...hazardRows]) out.set(r.userId, (out.get(r.userId) ?? 0) + Number(r.points ?? 0));
  return out;
}

/** 1 + how many score more: equal scores share a rank. */
export function ranked<T extends { score: number }>(rows: T[], tieBreak: (a: T, b: T) => number): Array<T & { rank: number }> {
  return rows.map((r) => ({ ...r, rank: 1 + rows.filter((o) => o.score > r.score).length })).sort((a, b) => a.rank - b.rank || tieBreak(a, b));
}

type TeamRow = { id: string; name: string; slogan: string | null; logo: string | null; activityId: string | null };

/**
 * Teams ranked by score: each member's results (in the team's activity only, when it competes in one;
 * otherwise every test and hazard picture) plus the points awarded to the team and its members.
 */
export async function rankTeams(app: FastifyInstance, caller: StudyCaller, teams: TeamRow[]): Promise<TeamRanking[]> {
  const { db } = app.ctx;
  if (!teams.length) return [];
  const teamIds = teams.map((t) => t.id);
  const activityIds = [...new Set(teams.map((t) => t.activityId).filter((a): a is string => !!a))];
  const [members, bonus, scopes] = await Promise.all([
    db
      .selectFrom('stuTeamMember as m')
      .innerJoin('sysUser as u', 'u.id', 'm.userId')
      .select(['m.teamId', 'm.userId', 'm.memberRole', 'u.realname', 'u.username'])
      .where('m.teamId', 'in', teamIds)
      .orderBy('m.memberRole')
      .orderBy('m.joinTime')
      .orderBy('m.id')
      .execute(),
    db.selectFrom('stuTeamScore').select((eb) => ['teamId', 'userId', eb.fn.sum<number>('points').as('points')]).where('teamId', 'in', teamIds).groupBy(['teamId', 'userId']).execute(),
    activityScopes(db, activityIds),
  ]);
  // one grouped reading per activity (and one for teams in none), over that activity's teams' members
  const groups = [null, ...activityIds];
  const pointsBy = new Map<string | null, Map<string, number>>();
  await Promise.all(
    groups.map(async (activityId) => {
      const ids = teams.filter((t) => t.activityId === activityId).map((t) => t.id);
      if (!ids.length) return;
      const memberIds = (d: Db) => inTenant(d.selectFrom('stuTeamMember').select('userId'), caller).where('teamId', 'in', ids);
      pointsBy.set(activityId, await studyPoints(db, caller, memberIds, activityId ? (scopes.get(activityId) ?? { paperIds: [], sceneIds: [] }) : undefined));
    }),
  );
  const bonusOf = (teamId: string, userId: string | null) => Number(bonus.find((b) => b.teamId === teamId && b.userId === userId)?.points ?? 0);
  const rows = teams.map((t) => {
    const points = pointsBy.get(t.activityId) ?? new Map<string, number>();
    const team = members.filter((m) => m.teamId === t.id);
    const memberViews = team.map((m) => ({
      userId: m.userId,
      realname: m.realname ?? m.username,
      memberRole: (m.memberRole === 'captain' ? 'captain' : 'member') as 'captain' | 'member',
      score: (points.get(m.userId) ?? 0) + bonusOf(t.id, m.userId),
    }));
    // every point awarded to the team counts, the members' own and the team's (no member named)
    const teamPoints = bonus.filter((b) => b.teamId === t.id).reduce((s, b) => s + Number(b.points ?? 0), 0);
    const score = team.reduce((s, m) => s + (points.get(m.userId) ?? 0), 0) + teamPoints;
    return {
      id: t.id,
      name: t.name,
      slogan: t.slogan,
      logo: imageAddress(app, t.logo),
      activityId: t.activityId,
      score,
      members: memberViews.sort((a, b) => (a.memberRole === b.memberRole ? b.score - a.score : a.memberRole === 'captain' ? -1 : 1)),
    };
  });
  return ranked(rows, (a, b) => a.name.localeCompare(b.name, 'zh'));
}

/** Competition ranking in the caller's tenant (of one activity's teams when asked); equal scores share a rank. */
export function registerTeamRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/students/study/teams',
    { config: { permission: STUDY_PERMISSION }, schema: { tags: ['学习园地'], summary: '竞赛队伍排行', querystring: z.object({ activityId: z.string().min(1).max(32).optional() }) } },
    async (req) => {
      const caller = studyCaller(req);
      let q = inTenant(db.selectFrom('stuTeam').select(['id', 'name', 'slogan', 'logo', 'activityId']), caller).orderBy('name');
      if (req.query.activityId) q = q.where('activityId', '=', req.query.activityId);
      return ok(await rankTeams(app, caller, await q.execute()));
    },
  );
}
