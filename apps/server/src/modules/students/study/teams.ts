import type { FastifyInstance } from 'fastify';
import { STUDY_PERMISSION, type TeamRanking } from '@anxue/shared';
import { ok } from '../../../core/http';
import type { Db } from '../../../core/db';
import { imageAddress, inTenant, studyCaller, type StudyCaller } from './common';
import { countedScores } from './counted-scores';

/** Paper and hazard points per user: Σ counted paper scores + Σ best score per hazard scene; grouped queries only. */
export async function studyPoints(db: Db, caller: StudyCaller, users: (db: Db) => any): Promise<Map<string, number>> {
  const [papers, hazards] = await Promise.all([
    db
      .selectFrom(countedScores(db, caller).where('a.userId', 'in', users(db)).as('c'))
      .select((eb) => ['c.userId', eb.fn.sum<number>('c.score').as('points')])
      .groupBy('c.userId')
      .execute(),
    db
      .selectFrom(
        inTenant(
          db
            .selectFrom('stuHazardPlay as p')
            .select((eb) => ['p.userId', 'p.sceneId', eb.fn.max('p.score').as('best')])
            .where('p.status', '=', 'done')
            .where('p.userId', 'in', users(db))
            .groupBy(['p.userId', 'p.sceneId']),
          caller,
          'p.tenantId',
        ).as('h'),
      )
      .select((eb) => ['h.userId', eb.fn.sum<number>('h.best').as('points')])
      .groupBy('h.userId')
      .execute(),
  ]);
  const out = new Map<string, number>();
  for (const r of [...papers, ...hazards]) out.set(r.userId, (out.get(r.userId) ?? 0) + Number(r.points ?? 0));
  return out;
}

/** Competition ranking in the caller's tenant; equal scores share a rank. */
export function registerTeamRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get('/students/study/teams', { config: { permission: STUDY_PERMISSION }, schema: { tags: ['学习园地'], summary: '竞赛队伍排行' } }, async (req) => {
    const caller = studyCaller(req);
    const teams = await inTenant(db.selectFrom('stuTeam').select(['id', 'name', 'slogan', 'logo']), caller).orderBy('name').execute();
    if (!teams.length) return ok([]);
    const teamIds = teams.map((t) => t.id);
    const memberIds = (d: Db) => inTenant(d.selectFrom('stuTeamMember').select('userId'), caller).where('teamId', 'in', teamIds);
    const [members, points, bonus] = await Promise.all([
      db
        .selectFrom('stuTeamMember as m')
        .innerJoin('sysUser as u', 'u.id', 'm.userId')
        .select(['m.teamId', 'm.userId', 'm.memberRole', 'u.realname', 'u.username'])
        .where('m.teamId', 'in', teamIds)
        .orderBy('m.memberRole')
        .orderBy('m.joinTime')
        .orderBy('m.id')
        .execute(),
      studyPoints(db, caller, memberIds),
      db.selectFrom('stuTeamScore').select((eb) => ['teamId', 'userId', eb.fn.sum<number>('points').as('points')]).where('teamId', 'in', teamIds).groupBy(['teamId', 'userId']).execute(),
    ]);
    const bonusOf = (teamId: string, userId: string | null) => Number(bonus.find((b) => b.teamId === teamId && b.userId === userId)?.points ?? 0);
    const rows = teams.map((t) => {
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
      return { id: t.id, name: t.name, slogan: t.slogan, logo: imageAddress(app, t.logo), score, members: memberViews.sort((a, b) => (a.memberRole === b.memberRole ? b.score - a.score : a.memberRole === 'captain' ? -1 : 1)) };
    });
    const ranking: TeamRanking[] = rows
      .map((r) => ({ ...r, rank: 1 + rows.filter((o) => o.score > r.score).length }))
      .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'zh'));
    return ok(ranking);
  });
}
