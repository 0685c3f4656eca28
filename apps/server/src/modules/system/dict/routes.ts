import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../core/access';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { DICT_CHANGED, dictStore } from './cache';
import { dictCodeParams, dictParams, loadDictItemQuery, loadDictQuery, loadTreeDataQuery, MAX_KEYS } from './schema';
import { allDictItems, dictItems } from './service';
import { parseDictRef, tableDictItems, tableDictSearch, tableDictTexts, treeNodes } from './table-dict';

/** The 刷新缓存 button of 数据字典 (seed/menus-dict.ts). */
export const DICT_REFRESH_PERMISSION = 'system:dict:refresh';

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, bus } = app.ctx;
  const store = dictStore(db);
  const tags = ['数据字典'];
  // a change on any node drops this node's copy
  const off = await bus.subscribe(DICT_CHANGED, () => store.clear());
  app.addHook('onClose', async () => {
    await off().catch(() => {});
  });

  app.get(
    '/sys/dict/queryAllDictItems',
    { config: { auth: true }, schema: { tags, summary: '全部字典项' } },
    async () => ok(await allDictItems(db)),
  );

  app.get(
    '/sys/dict/getDictItems/:code',
    { config: { auth: true }, schema: { tags, summary: '一个字典的字典项（字典编码或 表,文本字段,编码字段[,条件]）', params: dictCodeParams } },
    async (request) => {
      const ref = parseDictRef(request.params.code);
      if (ref.kind === 'plain') return ok(await dictItems(db, ref.code));
      return ok(await tableDictItems(db, store, ref, currentUser(request)));
    },
  );

  app.get(
    '/sys/dict/loadDictItem/:dict',
    { config: { auth: true }, schema: { tags, summary: '按值翻译字典文本', params: dictParams, querystring: loadDictItemQuery } },
    async (request) => {
      const keys = (request.query.key ?? '').split(',').filter((k) => k !== '');
      if (keys.length > MAX_KEYS) throw new BizError(`一次最多翻译${MAX_KEYS}个值`);
      const ref = parseDictRef(request.params.dict);
      if (ref.kind === 'table') return ok(await tableDictTexts(db, store, ref, keys, currentUser(request)));
      const texts = new Map((await dictItems(db, ref.code)).map((o) => [o.value, o.text]));
      return ok(keys.map((k) => texts.get(k) ?? k));
    },
  );

  app.get(
    '/sys/dict/loadDict/:dict',
    { config: { auth: true }, schema: { tags, summary: '按关键字搜索字典项', params: dictParams, querystring: loadDictQuery } },
    async (request) => {
      const { keyword = '', pageSize } = request.query;
      const ref = parseDictRef(request.params.dict);
      if (ref.kind === 'table') return ok(await tableDictSearch(db, store, ref, keyword.trim(), pageSize, currentUser(request)));
      const needle = keyword.trim().toLowerCase();
      const items = (await dictItems(db, ref.code)).filter((o) => o.text.toLowerCase().includes(needle));
      return ok(items.slice(0, pageSize).map(({ value, text, title, label }) => ({ value, text, title, label })));
    },
  );

  app.get(
    '/sys/dict/loadTreeData',
    { config: { auth: true }, schema: { tags, summary: '树形字典的子节点', querystring: loadTreeDataQuery } },
    async (request) => {
      const q = request.query;
      const nodes = await treeNodes(
        db,
        store,
        { ...q, pidField: q.pidField?.trim() || 'pid', hasChildField: q.hasChildField?.trim() || undefined },
        currentUser(request),
      );
      return ok(nodes);
    },
  );

  // Flushing the server's cache costs every reader a reload: only for holders of the 刷新缓存 button
  // (the web's header menu then refreshes the browser's copy alone for everyone else).
  app.get('/sys/dict/refleshCache', { config: { permission: DICT_REFRESH_PERMISSION }, schema: { tags, summary: '刷新字典缓存' } }, async (request) => {
    store.clear();
    await bus.publish(DICT_CHANGED, '').catch((err) => request.log.warn({ err }, 'dictionary change not published'));
    return ok(null, '刷新缓存完成！');
  });
};
