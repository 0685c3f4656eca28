import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/http';
import { dictCodeParams } from './schema';
import { allDictItems, dictItems } from './service';

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['数据字典'];

  app.get(
    '/sys/dict/queryAllDictItems',
    { config: { auth: true }, schema: { tags, summary: '全部字典项' } },
    async () => ok(await allDictItems(db)),
  );

  app.get(
    '/sys/dict/getDictItems/:code',
    { config: { auth: true }, schema: { tags, summary: '一个字典的字典项', params: dictCodeParams } },
    async (request) => ok(await dictItems(db, request.params.code)),
  );

  // Dictionaries are read from the database on every call, so there is no server cache to drop;
  // the browser refreshes its own copy after this answer.
  app.get('/sys/dict/refleshCache', { config: { auth: true }, schema: { tags, summary: '刷新字典缓存' } }, async () =>
    ok(null, '刷新缓存完成！'),
  );
};
