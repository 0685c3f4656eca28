import type { Kysely } from 'kysely';
import { currentUser } from '../../../core/access';
import { callerOf } from '../../../core/crud';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db/time';
import { BizError } from '../../../core/errors';
import { parseReportSql } from './report-sql';

// The SQL designers (Online报表 and Online图表) store the same thing: a head with a code, a name and a
// SELECT, its columns and its parameters, and a runtime right named after the code. Saving one is the
// same steps for both, here once: the body's own checks, a free code, the SQL checked for the database it
// will run on, then head, children and right in one transaction.

type Request = Parameters<typeof callerOf>[0];
type Audit = { createBy: string; createTime: string };
type HeadTable = 'onlCgreportHead' | 'onlGraphreportHead';
type ChildTable = 'onlCgreportItem' | 'onlCgreportParam' | 'onlGraphreportItem' | 'onlGraphreportParams';

export interface DesignerParam {
  paramName: string;
  paramTxt?: string | null;
  paramValue?: string | null;
  orderNum?: number | null;
}

export interface DesignerSpec<B> {
  head: HeadTable;
  /** The column tables and the name of their link to the head. */
  children: { items: ChildTable; params: ChildTable; headKey: string };
  /** What a user reads when the code is taken, the id is missing, or the head is gone. */
  messages: { codeTaken: string; missingId: string; notFound: string };
  /** The identity of the saved thing: its code and name (for the right) and its SQL. */
  identity(body: B): { id?: string | null; code: string; name: string; sql: string; dbSource?: string | null };
  /** Further checks of the body, beyond each column and parameter being named once. */
  check?(body: B): void;
  headValues(body: B): Record<string, unknown>;
  /** Each column as stored, without id, head link, order and audit. */
  items(body: B): (Record<string, unknown> & { fieldName: string; orderNum?: number | null })[];
  params(body: B): DesignerParam[];
  createRight(trx: Db, who: { code: string; name: string }, userId: string, now: Date): Promise<void>;
  renameRight(trx: Db, fromCode: string, to: { code: string; name: string }): Promise<void>;
}

/** Names that appear twice among the columns or the parameters are refused, by their first repeat. */
function refuseRepeats(names: string[], message: (name: string) => string): void {
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated) throw new BizError(message(repeated));
}

export function designerSaves<B>(ctx: AppContext, spec: DesignerSpec<B>) {
  const { db } = ctx;
  // the tables are named by the spec (two literal pairs), never by a request
  const any = db as unknown as Kysely<any>;

  async function codeTaken(code: string, exceptId: string | null): Promise<boolean> {
    let q = any.selectFrom(spec.head).select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async function checkAll(req: Request, body: B, exceptId: string | null) {
    refuseRepeats(spec.items(body).map((i) => i.fieldName), (n) => `字段“${n}”重复`);
    refuseRepeats(spec.params(body).map((p) => p.paramName), (n) => `参数“${n}”重复`);
    spec.check?.(body);
    const who = spec.identity(body);
    if (await codeTaken(who.code, exceptId)) throw new BizError(spec.messages.codeTaken);
    // the SQL is checked, and compiled by the database it will run on (what it may read included),
    // before anything is stored
    await parseReportSql(ctx, who.sql, who.dbSource || null, { caller: callerOf(req), query: {} });
  }

  async function writeChildren(trx: Db, headId: string, body: B, audit: Audit) {
    const t = trx as unknown as Kysely<any>;
    const { items, params, headKey } = spec.children;
    await t.deleteFrom(items).where(headKey, '=', headId).execute();
    await t.deleteFrom(params).where(headKey, '=', headId).execute();
    for (const [i, it] of spec.items(body).entries()) {
      await t.insertInto(items).values({ ...it, id: newId(), [headKey]: headId, orderNum: it.orderNum || i + 1, ...audit }).execute();
    }
    for (const [i, p] of spec.params(body).entries()) {
      await t
        .insertInto(params)
        .values({ id: newId(), [headKey]: headId, paramName: p.paramName, paramTxt: p.paramTxt ?? null, paramValue: p.paramValue ?? null, orderNum: p.orderNum || i + 1, ...audit })
        .execute();
    }
  }

  return {
    /** Stores a new head with its children and its right; answers the new id. */
    async add(req: Request, body: B): Promise<string> {
      await checkAll(req, body, null);
      const user = currentUser(req);
      const now = ctx.clock.now();
      const audit = { createBy: user.username, createTime: formatDateTime(now) };
      const id = newId();
      const who = spec.identity(body);
      await db.transaction().execute(async (trx) => {
        await (trx as unknown as Kysely<any>).insertInto(spec.head).values({ id, ...spec.headValues(body), ...audit }).execute();
        await writeChildren(trx, id, body, audit);
        await spec.createRight(trx, who, user.id, now);
      });
      return id;
    },

    /** Replaces a stored head and its children; the right follows a new code or name. */
    async edit(req: Request, body: B): Promise<void> {
      const who = spec.identity(body);
      if (!who.id) throw new BizError(spec.messages.missingId);
      const stored = (await any.selectFrom(spec.head).select(['id', 'code', 'name']).where('id', '=', who.id).executeTakeFirst()) as
        | { id: string; code: string; name: string }
        | undefined;
      if (!stored) throw new BizError(spec.messages.notFound);
      await checkAll(req, body, stored.id);
      const user = currentUser(req);
      const now = formatDateTime(ctx.clock.now());
      await db.transaction().execute(async (trx) => {
        await (trx as unknown as Kysely<any>)
          .updateTable(spec.head)
          .set({ ...spec.headValues(body), updateBy: user.username, updateTime: now })
          .where('id', '=', stored.id)
          .execute();
        await writeChildren(trx, stored.id, body, { createBy: user.username, createTime: now });
        if (stored.code !== who.code || stored.name !== who.name) await spec.renameRight(trx, stored.code, who);
      });
    },
  };
}
