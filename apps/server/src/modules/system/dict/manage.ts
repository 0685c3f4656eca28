import type { FastifyInstance } from 'fastify';
import { callerOf, registerResource } from '../../../core/crud';
import { ok } from '../../../core/http';
import { DICT_CHANGED, dictStore } from './cache';
import { dictItemResource, dictResource } from './resources';
import { dictItemListQuery, likeFilters } from './list-query';
import { dictSourceResource } from './source-resource';
import { registerTableWhiteList } from './white-list';
import { dictRecycleRoutes } from './recycle';

/** Management of dictionaries, their items and dictionary sources (issue 4). */
export async function dictAdminRoutes(app: FastifyInstance) {
  const { db, storage, bus } = app.ctx;
  const store = dictStore(db);
  const changed = () => store.clear();

  // The resource hooks clear the cache inside the write's transaction; a read racing that commit
  // could cache the old rows again, so every write answer clears it once more after the commit, and
  // tells the other nodes (Redis) to drop theirs.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      changed();
      await bus.publish(DICT_CHANGED, '').catch((err) => request.log.warn({ err }, 'dictionary change not published'));
    }
    return payload;
  });

  const dicts = registerResource(app, { ...dictResource(changed), without: ['list'] }, { db, storage });
  app.get('/sys/dict/list', { config: { permission: 'system:dict:list' } }, async (request) =>
    ok(await dicts.list(db, callerOf(request), likeFilters(request.query as Record<string, unknown>, ['dictName']))),
  );

  const items = registerResource(app, dictItemResource(changed), { db, storage });
  app.get('/sys/dictItem/list', { config: { permission: 'system:dictItem:list' } }, async (request) => {
    const query = dictItemListQuery(request.query);
    return ok(await items.list(db, callerOf(request), likeFilters(query, ['itemText'])));
  });

  const sourceDef = dictSourceResource(changed);
  const sources = registerResource(app, sourceDef, { db, storage });
  // the original client's 系统表白名单 page over the same sources (after the hook above, which covers it)
  registerTableWhiteList(app, sources, sourceDef, { db, storage });
  await app.register(dictRecycleRoutes);
}
