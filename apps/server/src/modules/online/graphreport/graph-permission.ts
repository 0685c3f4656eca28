import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../core/access';
import type { Db } from '../../../core/db';
import { seedId } from '../../../core/db/time';
import { PermissionError } from '../../../core/errors';
import { addRuntimeButtons, removeRuntimeButtons, renameRuntimeButtons } from '../../system/permission/runtime-buttons';

// Who may see a graph report's chart: holders of its own code, online:graph:<code>, a button row under the
// hidden Online图表数据 menu (seed/menus-online-graph.ts). Made when the chart is added (or imported) and
// granted to the maker's roles holding online:graphreport:add; renamed with its code, removed with it.

export const GRAPH_PERMISSION_PREFIX = 'online:graph:';
export const GRAPH_DATA_MENU_ID = seedId('menu.online.graph');
export const graphPermission = (code: string) => `${GRAPH_PERMISSION_PREFIX}${code}`;
const rowName = (name: string) => `图表数据：${name.slice(0, 80)}`;

export async function createGraphPermission(db: Db, graph: { code: string; name: string }, creatorId: string, now: Date): Promise<void> {
  await addRuntimeButtons(db, GRAPH_DATA_MENU_ID, [{ perms: graphPermission(graph.code), name: rowName(graph.name), sortNo: 100 }], { userId: creatorId, grantedWith: 'online:graphreport:add' }, now);
}

export async function renameGraphPermission(db: Db, fromCode: string, to: { code: string; name: string }): Promise<void> {
  await renameRuntimeButtons(db, [{ from: graphPermission(fromCode), to: graphPermission(to.code), name: rowName(to.name) }]);
}

export async function removeGraphPermissions(db: Db, codes: string[]): Promise<void> {
  await removeRuntimeButtons(db, GRAPH_DATA_MENU_ID, codes.map(graphPermission));
}

/**
 * Refuses (403, code 510) unless the caller holds the chart's code. An id that is no chart is refused alike
 * to a caller holding no chart at all, so nobody learns which charts exist.
 */
export async function demandGraph(db: Db, req: FastifyRequest, id: string): Promise<void> {
  const codes = await currentUser(req).permissions();
  const head = await db.selectFrom('onlGraphreportHead').select('code').where('id', '=', id).executeTakeFirst();
  if (head ? !codes.has(graphPermission(head.code)) : ![...codes].some((c) => c.startsWith(GRAPH_PERMISSION_PREFIX))) throw new PermissionError();
}
