import { ResourceError, type ExcelLink, type RequestContext } from '../../../core/crud';
import { newId } from '../../../core/db';
import { memberAccountLink } from './member-excel-link';

// A 竞赛队伍's 队长 and 队员 in spreadsheets (issue 19), by account: export → delete → import restores a
// team with its people. The team rules hold as on the form: one captain when there are members, nobody in
// two teams (a breach refuses the whole import, with the name).

type Role = 'captain' | 'member';

function memberLink(title: string, role: Role): ExcelLink {
  return memberAccountLink({
    title,
    table: 'stuTeamMember',
    owner: 'teamId',
    role,
    async write(ctx: RequestContext, links) {
      if (role === 'captain') {
        const many = links.find((l) => l.targets.length > 1);
        if (many) throw new ResourceError('每支队伍只能有一名队长');
      }
      const rows = links.flatMap((l) => l.targets.map((userId) => ({ id: newId(), teamId: l.id, userId, memberRole: role, tenantId: ctx.tenantId, joinTime: ctx.now })));
      if (!rows.length) return;
      if (role === 'member') {
        // captains are written first: a team with members needs one
        const captains = new Set((await ctx.db.selectFrom('stuTeamMember').select('teamId').where('teamId', 'in', links.map((l) => l.id)).where('memberRole', '=', 'captain').execute()).map((r) => r.teamId));
        if (links.some((l) => l.targets.length && !captains.has(l.id))) throw new ResourceError('队伍必须有且只有一名队长');
      }
      const elsewhere = await ctx.db
        .selectFrom('stuTeamMember as m')
        .innerJoin('sysUser as u', 'u.id', 'm.userId')
        .innerJoin('stuTeam as t', 't.id', 'm.teamId')
        .select(['u.username', 't.name'])
        .where('m.userId', 'in', rows.map((r) => r.userId))
        .executeTakeFirst();
      if (elsewhere) throw new ResourceError(`“${elsewhere.username}”已是队伍“${elsewhere.name}”的成员`);
      const twice = rows.find((r, i) => rows.findIndex((x) => x.userId === r.userId) !== i);
      if (twice) throw new ResourceError('队员不能重复');
      for (let i = 0; i < rows.length; i += 500) await ctx.db.insertInto('stuTeamMember').values(rows.slice(i, i + 500)).execute();
    },
  });
}

export const teamCaptainLink = memberLink('队长', 'captain');
export const teamMemberLink = memberLink('队员', 'member');
