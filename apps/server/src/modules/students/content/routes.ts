import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { callerOf, permissionOf, registerResource, ResourceError, type ResourceDef, type ResourceService } from '../../../core/crud';
import { formatDateTime, newId } from '../../../core/db';
import { lenientSafeParse, ok } from '../../../core/http';
import { firstIssue } from '../../../core/crud/input';
import { activityDetail, activityResource } from './activity';
import { CERTIFICATE_ADMIN_MESSAGES, certificateResource, restoreInput, revokeInput } from './certificate';
import { classDetail, classResource } from './class';
import { registerClassCodeRoutes } from './class-code';
import { courseChapterResource, courseResource, lessonResource } from './course';
import { dangerQuestionResource, loadRegions } from './hazard';
import { clipDetail, hazardClipResource, registerClipResults } from './hazard-clip';
import { loadSteps, pictureResource, posterResource, skillResource, videoResource } from './media';
import { paperDetail, paperResource } from './paper';
import { questionSheetResource, theoryQuestionResource } from './question';
import { addScoreInput, competitionTeamPersonResource, competitionTeamResource, teamDetail } from './team';
import { reviewInput, worksResource } from './works';

/**
 * queryById of a resource whose record travels with its child rows (a paper's questions, a scene's
 * regions...): the record as the list shows it (tenant, dictionary texts, decorations) plus `detail`.
 */
function detailRoute(app: FastifyInstance, def: ResourceDef, svc: ResourceService, detail: (db: Kysely<any>, id: string) => Promise<Record<string, unknown>>) {
  const { db } = app.ctx;
  app.get(`${def.path}/queryById`, { config: { permission: def.actionPermissions?.list ?? permissionOf(def, 'list') } }, async (req) => {
    const id = (req.query as { id?: unknown }).id;
    if (typeof id !== 'string' || !id || id.length > 64) throw new ResourceError('缺少id');
    const row = await svc.getById(db, callerOf(req), id);
    return ok({ ...row, ...(await detail(db, id)) });
  });
}

function parseBody<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: any } }, body: unknown): T {
  const parsed = lenientSafeParse(schema, body ?? {});
  if (!parsed.success) throw new ResourceError(firstIssue(parsed.error));
  return parsed.data;
}

/** Back-office resources of the area's content, under /students/<entity> (permission prefix students:<entity>). */
export async function contentRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const deps = { db, storage: app.ctx.storage };
  const resource = (def: ResourceDef) => registerResource(app, def, deps);

  for (const def of [courseResource, courseChapterResource, lessonResource, pictureResource, videoResource, posterResource, theoryQuestionResource, questionSheetResource, competitionTeamPersonResource]) {
    resource(def);
  }
  detailRoute(app, skillResource, resource(skillResource), async (d, id) => ({ steps: await loadSteps(d, id) }));
  detailRoute(app, paperResource, resource(paperResource), paperDetail);
  detailRoute(app, dangerQuestionResource, resource(dangerQuestionResource), async (d, id) => ({ regions: await loadRegions(d, id) }));
  const clips = resource(hazardClipResource);
  detailRoute(app, hazardClipResource, clips, clipDetail);
  registerClipResults(app, clips);
  detailRoute(app, activityResource, resource(activityResource), activityDetail);
  detailRoute(app, classResource, resource(classResource), classDetail);
  registerClassCodeRoutes(app);
  const teams = resource(competitionTeamResource);
  detailRoute(app, competitionTeamResource, teams, teamDetail);

  // 加分: points by hand, to the team or to one of its members
  app.post('/students/competitionTeam/addScore', { config: { permission: 'students:competitionTeam:score' } }, async (req) => {
    const input = parseBody(addScoreInput, req.body);
    const caller = callerOf(req);
    await teams.getById(db, caller, input.teamId);
    if (input.userId) {
      const member = await db.selectFrom('stuTeamMember').select('id').where('teamId', '=', input.teamId).where('userId', '=', input.userId).executeTakeFirst();
      if (!member) throw new ResourceError('该用户不是这支队伍的队员');
    }
    await db
      .insertInto('stuTeamScore')
      .values({ id: newId(), teamId: input.teamId, userId: input.userId ?? null, points: input.points, reason: input.reason, createBy: caller.username, createTime: formatDateTime(clock.now()), tenantId: caller.tenantId })
      .execute();
    return ok(null, input.points > 0 ? '加分成功！' : '扣分成功！');
  });

  // 审核: status, comment and award of a work, with who reviewed it and when
  const works = resource(worksResource);
  app.post('/students/works/review', { config: { permission: 'students:works:review' } }, async (req) => {
    const input = parseBody(reviewInput, req.body);
    const caller = callerOf(req);
    await works.getById(db, caller, input.id);
    const pending = input.reviewStatus === '0';
    await db
      .updateTable('stuWork')
      .set({
        reviewStatus: input.reviewStatus,
        reviewComment: input.reviewComment ?? null,
        award: input.reviewStatus === '1' ? (input.award ?? null) : null,
        reviewedBy: pending ? null : caller.username,
        reviewedAt: pending ? null : formatDateTime(clock.now()),
      })
      .where('id', '=', input.id)
      .execute();
    return ok(null, '审核成功！');
  });

  // 撤销 and 恢复 of a certificate: only an unrevoked one is revoked (two editors at once: one wins)
  const certificates = resource(certificateResource);
  app.post('/students/certificate/revoke', { config: { permission: 'students:certificate:revoke' } }, async (req) => {
    const input = parseBody(revokeInput, req.body);
    const caller = callerOf(req);
    await certificates.getById(db, caller, input.id);
    const r = await db
      .updateTable('stuCertificate')
      .set({ revokedAt: formatDateTime(clock.now()), revokedBy: caller.username, revokeReason: input.reason })
      .where('id', '=', input.id)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new ResourceError(CERTIFICATE_ADMIN_MESSAGES.alreadyRevoked);
    return ok(null, CERTIFICATE_ADMIN_MESSAGES.revoked);
  });
  app.post('/students/certificate/restore', { config: { permission: 'students:certificate:revoke' } }, async (req) => {
    const input = parseBody(restoreInput, req.body);
    const caller = callerOf(req);
    await certificates.getById(db, caller, input.id);
    const r = await db.updateTable('stuCertificate').set({ revokedAt: null, revokedBy: null, revokeReason: null }).where('id', '=', input.id).where('revokedAt', 'is not', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new ResourceError(CERTIFICATE_ADMIN_MESSAGES.notRevoked);
    return ok(null, CERTIFICATE_ADMIN_MESSAGES.restored);
  });
}
