import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, registerResource } from '../../../core/crud';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import type { Condition } from '../../../core/query';
import { ROOT_PID } from './code';
import { categoryResource } from './resource';
import { allDataQuery, childBatchQuery, dictItemQuery, idQuery, idsQuery, loadOneQuery, pidQuery, splitIds, treeChildrenQuery, treeDataQuery, treeRootQuery } from './schema';
import { addCategory, deleteCategories, editCategory } from './service';
import { allOptions, childNodes, loadOne, namesOf, parseCondition, pidOfCode, subtreeNodes } from './tree';

const P = 'system:category';

/** A query-string value as one trimmed text (repeated keys are refused). */
function textParam(v: unknown, name: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new BizError(`查询条件 ${name} 不正确`);
  if (v.length > 100) throw new BizError(`查询条件 ${name} 过长`);
  return v.trim();
}

/**
 * Category tree management (/sys/category/*). Management needs the page's buttons; the tree loaders
 * serve the category select of any form, so a signed-in user is enough.
 */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['分类字典'];
  const read = { auth: true } as const;
  const svc = registerResource(app, categoryResource, { db, storage: app.ctx.storage });

  // Roots, paged; a search by name or code looks at every level (as the original's list does).
  app.get('/sys/category/rootList', { config: { permission: `${P}:list` }, schema: { tags, summary: '分类列表（根节点）' } }, async (req) => {
    const params = { ...(req.query as Record<string, unknown>) };
    const extra: Condition[] = [];
    for (const field of ['name', 'code'] as const) {
      const value = textParam(params[field], field).replace(/^\*+|\*+$/g, '');
      delete params[field];
      if (value) extra.push({ field, rule: 'like', value });
    }
    if (!extra.length && !textParam(params.pid, 'pid')) extra.push({ field: 'pid', rule: 'eq', value: ROOT_PID });
    return ok(await svc.list(db, callerOf(req), params, extra));
  });

  app.get('/sys/category/childList', { config: { permission: `${P}:list` }, schema: { tags, summary: '下级分类', querystring: pidQuery } }, async (req) => {
    const caller = callerOf(req);
    const rows = await (await svc.scoped(db, caller)).where('pid', '=', req.query.pid).orderBy('code').orderBy('id').limit(2000).execute();
    await svc.decorate(db, caller, rows);
    return ok(rows);
  });

  // Children of the rows the page has expanded, refreshed after a save: one page object, as the original answers.
  app.get('/sys/category/getChildListBatch', { config: { permission: `${P}:list` }, schema: { tags, summary: '批量取下级分类', querystring: childBatchQuery } }, async (req) => {
    const caller = callerOf(req);
    const pids = splitIds(req.query.parentIds);
    const rows = pids.length ? await (await svc.scoped(db, caller)).where('pid', 'in', pids).orderBy('code').orderBy('id').limit(5000).execute() : [];
    await svc.decorate(db, caller, rows);
    return ok({ records: rows, total: rows.length, size: 10, current: 1, pages: Math.ceil(rows.length / 10) });
  });

  app.post('/sys/category/add', { config: { permission: `${P}:add` }, schema: { tags, summary: '添加分类' } }, async (req) =>
    ok(await addCategory(db, svc, callerOf(req), req.body), '添加成功！'),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/category/edit',
    config: { permission: `${P}:edit` },
    schema: { tags, summary: '编辑分类' },
    handler: async (req) => {
      await editCategory(db, svc, callerOf(req), req.body);
      return ok(null, '编辑成功!');
    },
  });

  app.delete('/sys/category/delete', { config: { permission: `${P}:delete` }, schema: { tags, summary: '删除分类及其下级', querystring: idQuery } }, async (req) => {
    await deleteCategories(db, [req.query.id], callerOf(req));
    return ok(null, '删除成功!');
  });

  app.delete('/sys/category/deleteBatch', { config: { permission: `${P}:deleteBatch` }, schema: { tags, summary: '批量删除分类及其下级', querystring: idsQuery } }, async (req) => {
    const ids = splitIds(req.query.ids);
    await deleteCategories(db, ids, callerOf(req));
    return ok(null, `批量删除成功! 共删除${ids.length}条`);
  });

  app.get('/sys/category/loadTreeRoot', { config: read, schema: { tags, summary: '分类树（按编码取下级）', querystring: treeRootQuery } }, async (req) => {
    const caller = callerOf(req);
    const pid = await pidOfCode(db, caller, req.query.pcode);
    return ok(req.query.async === 'false' ? await subtreeNodes(db, caller, pid) : await childNodes(db, caller, pid));
  });

  app.get('/sys/category/loadTreeChildren', { config: read, schema: { tags, summary: '分类树下级节点', querystring: treeChildrenQuery } }, async (req) =>
    ok(await childNodes(db, callerOf(req), req.query.pid || ROOT_PID)),
  );

  app.get('/sys/category/loadOne', { config: read, schema: { tags, summary: '按编码或id取一个分类', querystring: loadOneQuery } }, async (req) =>
    ok(await loadOne(db, callerOf(req), req.query.field, req.query.val)),
  );

  app.get('/sys/category/loadTreeData', { config: read, schema: { tags, summary: '分类树数据', querystring: treeDataQuery } }, async (req) => {
    const { pid, pcode, condition } = req.query;
    if (!pid && !pcode) throw new BizError('加载分类字典树参数有误.[null]!');
    const where = parseCondition(condition);
    const caller = callerOf(req);
    return ok(await childNodes(db, caller, pid || (await pidOfCode(db, caller, pcode)), where));
  });

  // Options of a whole category tree (or of every category for code 0), as dictionary options.
  app.get('/sys/category/loadAllData', { config: read, schema: { tags, summary: '分类作为字典选项', querystring: allDataQuery } }, async (req) => {
    const options = await allOptions(db, callerOf(req), req.query.code);
    if (!options.length) throw new BizError('无数据,参数有误.[code]');
    return ok(options);
  });

  app.get('/sys/category/loadDictItem', { config: read, schema: { tags, summary: '分类id翻译为名称', querystring: dictItemQuery } }, async (req) =>
    // unknown ids stay as themselves by default so texts line up with ids by position
    ok(await namesOf(db, callerOf(req), splitIds(req.query.ids), req.query.delNotExist !== 'true')),
  );
};
