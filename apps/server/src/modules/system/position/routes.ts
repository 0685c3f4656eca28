import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, registerResource, ResourceError } from '../../../core/crud';
import { ok } from '../../../core/http';
import { splitIds } from '../user/user-admin';
import { positionResource } from './resource';

const MAX_CODES = 200;
/** What any signed-in user may read of a position: its name behind a code, nothing of who keeps it. */
const NAME_FIELDS = ['id', 'code', 'name', 'postRank', 'postRank_dictText'] as const;

export async function positionRoutes(app: FastifyInstance) {
  // The 3.9 form sends 职务级别 as postLevel (a number) and no code: postLevel is our postRank, and a
  // blank code is generated on add (resource) and left as it was on edit.
  app.addHook('preHandler', async (req) => {
    const url = req.routeOptions.url ?? '';
    if (!/\/sys\/position\/(add|edit)$/.test(url) || !req.body || typeof req.body !== 'object') return;
    const body = req.body as Record<string, unknown>;
    if (body.postLevel != null && body.postLevel !== '' && (body.postRank == null || body.postRank === '')) body.postRank = String(body.postLevel);
    delete body.postLevel;
    if (url.endsWith('/edit') && (body.code == null || body.code === '')) delete body.code;
  });
  const svc = registerResource(app, positionResource, { db: app.ctx.db, storage: app.ctx.storage });
  const { db } = app.ctx;

  // The original client's personal settings turn the position codes of the signed-in user into names
  // (GET /sys/position/queryByCodes?codes=a,b): any signed-in user, the caller's tenant's positions only
  // (and the position page's data rules, through the resource's scope), the naming fields only.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/sys/position/queryByCodes',
    {
      config: { auth: true },
      schema: {
        tags: ['职务管理'],
        summary: '按编码取职务（逗号分隔）',
        querystring: z.object({ codes: z.string({ error: '请提供职务编码' }).max(20000, '职务编码过多') }),
      },
    },
    async (req) => {
      const codes = splitIds(req.query.codes);
      if (!codes.length) return ok([]);
      if (codes.length > MAX_CODES) throw new ResourceError(`一次最多查询${MAX_CODES}个职务`);
      const caller = callerOf(req);
      const rows = await (await svc.scoped(db, caller)).where('code', 'in', codes).orderBy('code').execute();
      await svc.decorate(db, caller, rows);
      return ok(rows.map((r) => Object.fromEntries(NAME_FIELDS.map((k) => [k, r[k] ?? null]))));
    },
  );
}
