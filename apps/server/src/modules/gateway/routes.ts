import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../core/crud';
import { formatDateTime, newId } from '../../core/db';
import { BizError } from '../../core/errors';
import { fail, ok } from '../../core/http';
import { forward, PathRefused, upstreamUrl } from './proxy';

// 路由网关 (/sys/gatewayRoute/*, the original client's calls and answer shapes) and the gateway itself:
// GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS /api/gateway/<routerId>/<rest>?<query> is forwarded to
// <uri>/<rest>?<query> while the route is enabled. The route is read from the database on every call,
// so enabling, disabling or deleting acts at once on every node. The caller needs system:gateway:use.

const TAG = '路由网关';
export const GATEWAY_PREFIX = '/gateway';
const NOT_FOUND = '网关路由不存在或已停用';
const PATH_REFUSED = '网关路径不合法：不能包含 . 或 .. 段、编码的斜杠、反斜杠或控制字符';

type RouteRow = {
  id: string;
  routerId: string;
  name: string;
  uri: string;
  predicates: string | null;
  filters: string | null;
  status: number;
  createBy: string | null;
  createTime: string | null;
};

const routerIdSchema = z
  .string({ error: 'routerId不能为空' })
  .trim()
  .min(1, 'routerId不能为空')
  .max(64, '路由ID过长')
  .regex(/^[A-Za-z0-9_-]+$/, '路由ID只能包含字母、数字、下划线和短横线（它是网关路径 /api/gateway/<路由ID>/ 的一段）');

/** Only administrators with system:gateway:updateAll write this; still only http(s), no credentials in it. */
const upstreamSchema = z
  .string({ error: 'uri不能为空' })
  .trim()
  .min(1, 'uri不能为空')
  .max(500, '路由URI过长')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      return false;
    }
  }, '路由URI必须是 http:// 或 https:// 开头的地址')
  .refine((v) => {
    try {
      const u = new URL(v);
      return !u.username && !u.password && !u.search && !u.hash;
    } catch {
      return true;
    }
  }, '路由URI不能包含用户名、密码、查询参数或锚点');

/** predicates / filters: the client sends JSON text (or arrays); kept as JSON text. */
const jsonList = z
  .union([z.string().max(20000), z.array(z.unknown())])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return '[]';
    if (Array.isArray(v)) return JSON.stringify(v);
    try {
      if (!Array.isArray(JSON.parse(v))) throw new Error();
    } catch {
      ctx.addIssue({ code: 'custom', message: '路由条件或过滤器格式不正确' });
      return z.NEVER;
    }
    return v;
  });

const routeInput = z.object({
  id: z.string().max(64).nullish(),
  routerId: routerIdSchema,
  name: z.string({ error: '路由名称不能为空' }).trim().min(1, '路由名称不能为空').max(100, '路由名称过长'),
  uri: upstreamSchema,
  status: z.preprocess((v) => (v === undefined || v === null || v === '' ? 1 : Number(v)), z.union([z.literal(0), z.literal(1)], { error: '状态只能是 0 或 1' })),
  predicates: jsonList,
  filters: jsonList,
});

function parseList(text: string | null): unknown[] {
  try {
    const v = JSON.parse(text ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function present(row: RouteRow) {
  return { ...row, predicates: parseList(row.predicates), filters: parseList(row.filters) };
}

const COLUMNS = ['id', 'routerId', 'name', 'uri', 'predicates', 'filters', 'status', 'createBy', 'createTime'] as const;

export async function gatewayRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => formatDateTime(clock.now());

  const listOf = (delFlag: 0 | 1) =>
    db.selectFrom('sysGatewayRoute').select(COLUMNS).where('delFlag', '=', delFlag).orderBy('createTime', 'desc').orderBy('id').execute();

  async function ensureFreeRouterId(routerId: string, exceptId?: string | null) {
    let qb = db.selectFrom('sysGatewayRoute').select('id').where('routerId', '=', routerId).where('delFlag', '=', 0);
    if (exceptId) qb = qb.where('id', '<>', exceptId);
    if (await qb.executeTakeFirst()) throw new BizError(`路由ID“${routerId}”已存在`);
  }

  r.get('/sys/gatewayRoute/list', { config: { permission: 'system:gateway:list' }, schema: { tags: [TAG], summary: '路由列表' } }, async () =>
    ok((await listOf(0)).map(present)),
  );

  r.get('/sys/gatewayRoute/deleteList', { config: { permission: 'system:gateway:list' }, schema: { tags: [TAG], summary: '回收站中的路由' } }, async () =>
    ok((await listOf(1)).map(present)),
  );

  // The original client posts { router: {...} } to updateAll for both add and edit; a bare body is accepted too.
  const save = async (req: FastifyRequest) => {
    const raw = (req.body ?? {}) as { router?: unknown };
    const parsed = routeInput.safeParse(raw.router ?? raw);
    if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? '参数不正确');
    const input = parsed.data;
    const caller = callerOf(req);
    await ensureFreeRouterId(input.routerId, input.id);
    const values = { routerId: input.routerId, name: input.name, uri: input.uri, status: input.status, predicates: input.predicates, filters: input.filters };
    if (input.id) {
      const res = await db.updateTable('sysGatewayRoute').set({ ...values, updateBy: caller.username, updateTime: now() }).where('id', '=', input.id).where('delFlag', '=', 0).executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw new BizError('未找到对应路由');
      return ok(null, '操作成功！');
    }
    await db.insertInto('sysGatewayRoute').values({ id: newId(), ...values, delFlag: 0, createBy: caller.username, createTime: now() }).execute();
    return ok(null, '操作成功！');
  };
  const writeConfig = { config: { permission: 'system:gateway:updateAll' }, schema: { tags: [TAG], summary: '新增或修改路由' } };
  r.post('/sys/gatewayRoute/updateAll', writeConfig, save);
  r.post('/sys/gatewayRoute/add', writeConfig, save);

  r.delete(
    '/sys/gatewayRoute/delete',
    { config: { permission: 'system:gateway:delete' }, schema: { tags: [TAG], summary: '删除路由（进回收站并停用）', querystring: z.object({ id: z.string().min(1, '缺少id').max(64) }) } },
    async (req) => {
      const res = await db.updateTable('sysGatewayRoute').set({ delFlag: 1, status: 0, updateTime: now() }).where('id', '=', req.query.id).where('delFlag', '=', 0).executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw new BizError('未找到对应路由');
      return ok(null, '删除路由成功');
    },
  );

  const ids = (text: string) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))].slice(0, 1000);

  // Restored routes come back disabled (deleting disabled them): an administrator enables them knowingly.
  r.put(
    '/sys/gatewayRoute/putRecycleBin',
    { config: { permission: 'system:gateway:putRecycleBin' }, schema: { tags: [TAG], summary: '还原路由', body: z.object({ ids: z.string().min(1, '请选择路由').max(40000) }) } },
    async (req) => {
      const list = ids(req.body.ids);
      await db.transaction().execute(async (trx) => {
        for (const id of list) {
          const row = await trx.selectFrom('sysGatewayRoute').select(['routerId']).where('id', '=', id).where('delFlag', '=', 1).executeTakeFirst();
          if (!row) continue;
          const clash = await trx.selectFrom('sysGatewayRoute').select('id').where('routerId', '=', row.routerId).where('delFlag', '=', 0).executeTakeFirst();
          if (clash) throw new BizError(`路由ID“${row.routerId}”已被使用，无法还原`);
          await trx.updateTable('sysGatewayRoute').set({ delFlag: 0, updateTime: now() }).where('id', '=', id).execute();
        }
      });
      return ok(null, '还原成功');
    },
  );

  r.delete(
    '/sys/gatewayRoute/deleteRecycleBin',
    { config: { permission: 'system:gateway:deleteRecycleBin' }, schema: { tags: [TAG], summary: '彻底删除路由', querystring: z.object({ ids: z.string().min(1, '请选择路由').max(40000) }) } },
    async (req) => {
      await db.deleteFrom('sysGatewayRoute').where('id', 'in', ids(req.query.ids)).where('delFlag', '=', 1).execute();
      return ok(null, '删除成功!');
    },
  );

  r.get(
    '/sys/gatewayRoute/copyRoute',
    { config: { permission: 'system:gateway:copyRoute' }, schema: { tags: [TAG], summary: '复制路由（副本停用）', querystring: z.object({ id: z.string().min(1, '缺少id').max(64) }) } },
    async (req) => {
      const source = await db.selectFrom('sysGatewayRoute').selectAll().where('id', '=', req.query.id).where('delFlag', '=', 0).executeTakeFirst();
      if (!source) throw new BizError('未找到对应路由');
      const stamp = formatDateTime(clock.now()).slice(5, 10).replace('-', '');
      let routerId = `${source.routerId}_copy_${stamp}`.slice(0, 64);
      for (let n = 2; await db.selectFrom('sysGatewayRoute').select('id').where('routerId', '=', routerId).where('delFlag', '=', 0).executeTakeFirst(); n++) {
        routerId = `${source.routerId}_copy_${stamp}_${n}`.slice(0, 64);
      }
      const copy = { ...source, id: newId(), routerId, name: `${source.name}_copy_${stamp}`.slice(0, 100), status: 0, createBy: callerOf(req).username, createTime: now(), updateBy: null, updateTime: null };
      await db.insertInto('sysGatewayRoute').values(copy).execute();
      return ok(present(copy));
    },
  );

  await app.register(gatewayProxy);
}

/** The proxy, in its own scope: bodies stay raw bytes (any content type), up to 10 MB. */
async function gatewayProxy(app: FastifyInstance) {
  const { db } = app.ctx;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 }, (_req, body, done) => done(null, body));

  const handler = async (req: FastifyRequest<{ Params: { routerId: string; '*'?: string } }>, reply: import('fastify').FastifyReply) => {
    const route = await db
      .selectFrom('sysGatewayRoute')
      .select(['uri'])
      .where('routerId', '=', req.params.routerId)
      .where('delFlag', '=', 0)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!route) return reply.code(404).send(fail(NOT_FOUND, 404));
    // the rest of the path is taken raw, not from the router's decoded parameter: it is decoded once, here
    const raw = req.raw.url ?? '';
    const q = raw.indexOf('?');
    // <apiBase>/gateway/<routerId> takes as many segments as the route's own pattern before its *
    const depth = req.routeOptions.url!.split('/').length - (req.routeOptions.url!.endsWith('/*') ? 1 : 0);
    const rest = (q >= 0 ? raw.slice(0, q) : raw).split('/').slice(depth).join('/');
    let target: URL;
    try {
      if (!raw.startsWith('/')) throw new PathRefused();
      target = upstreamUrl(route.uri, rest, q >= 0 ? raw.slice(q) : '');
    } catch (e) {
      if (e instanceof PathRefused) return reply.code(400).send(fail(PATH_REFUSED, 400));
      throw e;
    }
    return forward(req, reply, target);
  };
  const opts = { config: { permission: 'system:gateway:use' }, schema: { hide: true } };
  // HEAD comes with GET (Fastify adds it)
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  app.route({ method: [...methods], url: `${GATEWAY_PREFIX}/:routerId`, ...opts, handler });
  app.route({ method: [...methods], url: `${GATEWAY_PREFIX}/:routerId/*`, ...opts, handler });
}
