import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { callerOf, permissionOf, registerResource, ResourceError, type ResourceDef, type ResourceService } from '../../../core/crud';
import { ok } from '../../../core/http';
import { dangerQuestionResource, loadRegions } from './hazard';
import { paperDetail, paperResource } from './paper';
import { questionSheetResource, theoryQuestionResource } from './question';

/**
 * queryById of a resource whose record travels with its child rows (a paper's questions, a scene's
 * regions...): the record as the list shows it (tenant, dictionary texts, decorations) plus `detail`.
 */
export function detailRoute(app: FastifyInstance, def: ResourceDef, svc: ResourceService, detail: (db: Kysely<any>, id: string) => Promise<Record<string, unknown>>) {
  const { db } = app.ctx;
  app.get(`${def.path}/queryById`, { config: { permission: def.actionPermissions?.list ?? permissionOf(def, 'list') } }, async (req) => {
    const id = (req.query as { id?: unknown }).id;
    if (typeof id !== 'string' || !id || id.length > 64) throw new ResourceError('缺少id');
    const row = await svc.getById(db, callerOf(req), id);
    return ok({ ...row, ...(await detail(db, id)) });
  });
}

/** Back-office resources of the area's content, under /students/<entity> (permission prefix students:<entity>). */
export async function contentRoutes(app: FastifyInstance) {
  const deps = { db: app.ctx.db, storage: app.ctx.storage };
  registerResource(app, theoryQuestionResource, deps);
  registerResource(app, questionSheetResource, deps);
  detailRoute(app, paperResource, registerResource(app, paperResource, deps), paperDetail);
  detailRoute(app, dangerQuestionResource, registerResource(app, dangerQuestionResource, deps), async (db, id) => ({ regions: await loadRegions(db, id) }));
}
