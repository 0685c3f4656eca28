import type { FastifyRequest } from 'fastify';
import { currentUser, holdsAny } from '../../../core/access';
import type { Db } from '../../../core/db';
import { seedId } from '../../../core/db/time';
import { addRuntimeButtons, removeRuntimeButtons, renameRuntimeButtons } from '../../system/permission/runtime-buttons';
import { PermissionError } from '../../../core/errors';

// Who may read an online report (issue 10): holders of the report's own permission code,
// `online:report:<report code>`, a button row of sys_permission (seeded for the shipped reports under
// the hidden Online报表 menu, seed/menus-online.ts). Columns, query info and data alike: a report's
// columns already tell what it shows.

export const REPORT_PERMISSION_PREFIX = 'online:report:';

export const reportPermission = (code: string) => `${REPORT_PERMISSION_PREFIX}${code}`;

async function holdsAnyReport(req: FastifyRequest): Promise<boolean> {
  return [...(await currentUser(req).permissions())].some((c) => c.startsWith(REPORT_PERMISSION_PREFIX));
}

/**
 * Refuses (403, code 510) unless the caller holds the code of the report named by `code` or `id`.
 * A name that is no report is refused alike to a caller holding no report at all (nobody learns which
 * reports exist); a caller holding some report hears that it does not exist.
 */
export async function demandReport(db: Db, req: FastifyRequest, by: { code: string } | { id: string }): Promise<void> {
  const heads = db.selectFrom('onlCgreportHead').select('code');
  const head = await ('code' in by ? heads.where('code', '=', by.code) : heads.where('id', '=', by.id)).executeTakeFirst();
  if (head) {
    if (!holdsAny(await currentUser(req).permissions(), reportPermission(head.code))) throw new PermissionError();
    return;
  }
  if (!(await holdsAnyReport(req))) throw new PermissionError();
  // the caller's loader answers 报表不存在或已被删除
}

// A report added in the designer (issue 15) gets its button row under the hidden Online报表 menu at once,
// granted to the creator's roles that hold online:cgreport:add (creating a report creates a new right;
// nobody else holds it until granted in 角色授权; the admin role receives every button at the next start,
// as with any menu). Renaming the code renames the button; deleting the report removes it and its grants.

export const REPORT_BUTTONS_MENU_ID = seedId('menu.online.report');

export async function createReportPermission(db: Db, report: { code: string; name: string }, creatorId: string, now = new Date()): Promise<void> {
  await addRuntimeButtons(db, REPORT_BUTTONS_MENU_ID, [{ perms: reportPermission(report.code), name: buttonName(report.name), sortNo: 100 }], { userId: creatorId, grantedWith: 'online:cgreport:add' }, now);
}

export async function renameReportPermission(db: Db, from: string, to: { code: string; name: string }): Promise<void> {
  await renameRuntimeButtons(db, [{ from: reportPermission(from), to: reportPermission(to.code), name: buttonName(to.name) }]);
}

export async function removeReportPermission(db: Db, code: string): Promise<void> {
  await removeRuntimeButtons(db, REPORT_BUTTONS_MENU_ID, [reportPermission(code)]);
}

const buttonName = (name: string) => `报表数据：${name.slice(0, 80)}`;
