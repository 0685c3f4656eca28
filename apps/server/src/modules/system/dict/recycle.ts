import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResourceError } from '../../../core/crud';
import { formatDateTime, type Db } from '../../../core/db';
import { currentUser } from '../../../core/access';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { splitIds } from '../permission/grants';

// The dictionary recycle bin of the original (回收站): deleted dictionaries (delFlag 1, see resources.ts)
// are listed, restored or removed for good with their items. Dictionaries are shared by every tenant
// here (the dictionary resource is not tenant-scoped), so the bin is too. The original guards only the
// batch purge (system:dict:deleteRecycleBin); we map every call to the page's codes: reading the bin to
// 查询, restoring and purging to 删除 (whoever may delete a dictionary may take that back or finish it).
// Every write answer drops the dictionary cache (manage.ts's onSend hook).

const P = 'system:dict';
const MAX_IDS = 1000;

const idParam = z.object({ id: z.string({ error: '缺少id' }).trim().min(1, '缺少id').max(64, 'id过长') });
const idsText = z
  .string({ error: '请选择一条记录！' })
  .max(70000, 'ids过长')
  .transform((v) => splitIds(v))
  .refine((ids) => ids.length > 0, '请选择一条记录！')
  .refine((ids) => ids.length <= MAX_IDS, `一次最多${MAX_IDS}条`);

/** The deleted dictionaries among `ids`; refuses when any of them is not in the bin. */
async function binned(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db.selectFrom('sysDict').select('id').where('id', 'in', ids).where('delFlag', '=', 1).execute();
  if (rows.length !== ids.length) throw new ResourceError('字典不存在或不在回收站中', 404);
  return ids;
}

async function restore(db: Db, ids: string[], username: string, now: string) {
  await db.transaction().execute(async (trx) => {
    await binned(trx, ids);
    await trx.updateTable('sysDict').set({ delFlag: 0, updateBy: username, updateTime: now }).where('id', 'in', ids).execute();
  });
}

async function purge(db: Db, ids: string[]) {
  await db.transaction().execute(async (trx) => {
    await binned(trx, ids);
    await trx.deleteFrom('sysDictItem').where('dictId', 'in', ids).execute();
    await trx.deleteFrom('sysDict').where('id', 'in', ids).where('delFlag', '=', 1).execute();
  });
}

export const dictRecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['数据字典'];
  const now = () => formatDateTime(new Date());

  app.get('/sys/dict/deleteList', { config: { permission: `${P}:list` }, schema: { tags, summary: '回收站：已删除的字典' } }, async () =>
    ok(await db.selectFrom('sysDict').selectAll().where('delFlag', '=', 1).orderBy('updateTime', 'desc').orderBy('dictCode').limit(5000).execute()),
  );

  app.put('/sys/dict/back/:id', { config: { permission: `${P}:delete` }, schema: { tags, summary: '回收站：还原字典', params: idParam } }, async (req) => {
    await restore(db, [req.params.id], currentUser(req).username, now());
    return ok(null, '操作成功!');
  });

  app.put(
    '/sys/dict/putRecycleBin',
    { config: { permission: `${P}:delete` }, schema: { tags, summary: '回收站：批量还原字典', body: z.object({ ids: idsText }, { error: '请选择一条记录！' }) } },
    async (req) => {
      await restore(db, req.body.ids, currentUser(req).username, now());
      return ok(null, '操作成功!');
    },
  );

  app.delete('/sys/dict/deletePhysic/:id', { config: { permission: `${P}:delete` }, schema: { tags, summary: '回收站：彻底删除字典', params: idParam } }, async (req) => {
    await purge(db, [req.params.id]);
    return ok(null, '删除成功!');
  });

  app.delete(
    '/sys/dict/deleteRecycleBin',
    { config: { permission: `${P}:delete` }, schema: { tags, summary: '回收站：批量彻底删除字典', querystring: z.object({ ids: idsText }) } },
    async (req) => {
      await purge(db, req.query.ids);
      return ok(null, '删除成功!');
    },
  );

  // The item form's check that a value is free within its dictionary (the edited item itself excluded).
  app.get(
    '/sys/dictItem/dictItemCheck',
    {
      config: { permission: ['system:dictItem:add', 'system:dictItem:edit'] },
      schema: {
        tags,
        summary: '字典项值重复校验',
        querystring: z.object({
          dictId: z.string({ error: '缺少字典id' }).trim().min(1, '缺少字典id').max(64, '字典id过长'),
          itemValue: z.string().max(100, '字典项值最长100个字符').optional(),
          id: z.string().trim().max(64, 'id过长').optional(),
        }),
      },
    },
    async (req) => {
      const { dictId, itemValue, id } = req.query;
      // an empty value is refused by the form itself; the original answers it as free
      if (!itemValue) return ok(null, '该值可用！');
      let qb = db.selectFrom('sysDictItem').select('id').where('dictId', '=', dictId).where('itemValue', '=', itemValue);
      if (id) qb = qb.where('id', '<>', id);
      if (await qb.executeTakeFirst()) throw new BizError('该值不可用，系统中已存在！');
      return ok(null, '该值可用！');
    },
  );
};
