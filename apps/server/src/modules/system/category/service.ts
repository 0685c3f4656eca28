import { whereTenant, type TenantReader } from '../../../core/access';
import type { Kysely } from 'kysely';
import { ResourceError, type Caller, type ResourceService } from '../../../core/crud';
import { formatDateTime, isUniqueViolation, newId, type Database } from '../../../core/db';
import { nextChildCode, ROOT_PID } from './code';

type Trx = Kysely<Database>;
type Input = { id?: string; pid?: string | null; name?: string | null; code?: string | null };

const CODE_TAKEN = '分类编码已存在';
/** Concurrent adds under one parent may pick the same generated code; the loser tries again. */
const MAX_ATTEMPTS = 20;
const CHUNK = 500;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** A category of the caller's tenant. */
async function findCategory(db: Trx, id: string, caller: TenantReader) {
  return whereTenant(db.selectFrom('sysCategory').select(['id', 'pid', 'name', 'code', 'hasChild']), caller).where('id', '=', id).executeTakeFirst();
}

async function assertCodeFree(db: Trx, code: string, exceptId?: string) {
  let qb = db.selectFrom('sysCategory').select('id').where('code', '=', code);
  if (exceptId) qb = qb.where('id', '<>', exceptId);
  if (await qb.executeTakeFirst()) throw new ResourceError(CODE_TAKEN, 409);
}

/** Sets has_child of a node from whether it has children now. */
async function refreshHasChild(db: Trx, id: string) {
  if (id === ROOT_PID) return;
  const child = await db.selectFrom('sysCategory').select('id').where('pid', '=', id).executeTakeFirst();
  await db.updateTable('sysCategory').set({ hasChild: child ? '1' : '0' }).where('id', '=', id).execute();
}

/** True when `candidate` is `id` itself or lies below it (walking up the candidate's parents). */
async function isSelfOrBelow(db: Trx, id: string, candidate: string): Promise<boolean> {
  const seen = new Set<string>();
  let at: string | undefined = candidate;
  while (at && at !== ROOT_PID && !seen.has(at)) {
    if (at === id) return true;
    seen.add(at);
    at = (await db.selectFrom('sysCategory').select('pid').where('id', '=', at).executeTakeFirst())?.pid;
  }
  return false;
}

/**
 * Adds a category. An empty code is generated from the parent's code inside the transaction; when a
 * concurrent add took the same code first, the unique index refuses this one and it is tried again.
 */
export async function addCategory(db: Trx, svc: ResourceService, caller: Caller, body: unknown) {
  const input = svc.validate(body, 'add') as Input;
  const pid = input.pid || ROOT_PID;
  const generated = !input.code;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        if (pid !== ROOT_PID && !(await findCategory(trx, pid, caller))) throw new ResourceError('上级分类不存在');
        const code = input.code || (await nextChildCode(trx, pid));
        if (!generated) await assertCodeFree(trx, code);
        const row = {
          id: newId(),
          pid,
          name: input.name as string,
          code,
          hasChild: '0',
          sysOrgCode: caller.orgCode ?? null,
          tenantId: caller.tenantId,
          createBy: caller.username,
          createTime: formatDateTime(new Date()),
        };
        await trx.insertInto('sysCategory').values(row).execute();
        if (pid !== ROOT_PID) await trx.updateTable('sysCategory').set({ hasChild: '1' }).where('id', '=', pid).execute();
        return row;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (!generated || attempt >= MAX_ATTEMPTS) throw new ResourceError(CODE_TAKEN, 409);
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

/** Edits name, code and parent; moving a node keeps has_child of both parents right and refuses cycles. */
export async function editCategory(db: Trx, svc: ResourceService, caller: Caller, body: unknown) {
  const input = svc.validate(body, 'edit') as Input & { id: string };
  try {
    await db.transaction().execute(async (trx) => {
      const current = await findCategory(trx, input.id, caller);
      if (!current) throw new ResourceError('未找到对应分类', 404);
      const changes: { name?: string; code?: string; pid?: string; updateBy: string; updateTime: string } = {
        updateBy: caller.username,
        updateTime: formatDateTime(new Date()),
      };
      if (input.name) changes.name = input.name;
      if (input.code === null) throw new ResourceError('分类编码不能为空');
      if (input.code !== undefined && input.code !== current.code) {
        await assertCodeFree(trx, input.code, current.id);
        changes.code = input.code;
      }
      const pid = input.pid === undefined ? current.pid : input.pid || ROOT_PID;
      if (pid !== current.pid) {
        if (pid !== ROOT_PID && !(await findCategory(trx, pid, caller))) throw new ResourceError('上级分类不存在');
        if (await isSelfOrBelow(trx, current.id, pid)) throw new ResourceError('上级分类不能是自己或自己的下级');
        changes.pid = pid;
      }
      await trx.updateTable('sysCategory').set(changes).where('id', '=', current.id).execute();
      if (changes.pid) {
        await refreshHasChild(trx, pid);
        await refreshHasChild(trx, current.pid);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ResourceError(CODE_TAKEN, 409);
    throw err;
  }
}

/**
 * Deletes the chosen categories together with everything below them (as the original does), all or
 * nothing, and clears has_child of parents left without children. Answers how many nodes went.
 */
export async function deleteCategories(db: Trx, ids: string[], caller: TenantReader): Promise<number> {
  const chosen = [...new Set(ids.map((s) => s.trim()).filter(Boolean))];
  if (!chosen.length) throw new ResourceError('请选择一条记录！');
  if (chosen.length > 1000) throw new ResourceError('一次最多删除1000条记录');
  return db.transaction().execute(async (trx) => {
    const found = await whereTenant(trx.selectFrom('sysCategory').select(['id', 'pid']), caller).where('id', 'in', chosen).execute();
    if (found.length !== chosen.length) throw new ResourceError('未找到对应分类', 404);
    const doomed = new Set(chosen);
    let level = chosen;
    while (level.length) {
      const next: string[] = [];
      for (const part of chunks(level)) {
        for (const c of await trx.selectFrom('sysCategory').select('id').where('pid', 'in', part).execute()) {
          if (!doomed.has(c.id)) {
            doomed.add(c.id);
            next.push(c.id);
          }
        }
      }
      level = next;
    }
    for (const part of chunks([...doomed])) await trx.deleteFrom('sysCategory').where('id', 'in', part).execute();
    for (const pid of new Set(found.map((f) => f.pid))) {
      if (!doomed.has(pid)) await refreshHasChild(trx, pid);
    }
    return doomed.size;
  });
}
