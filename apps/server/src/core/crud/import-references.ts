import { sql, type Kysely } from 'kysely';
import { camelCase, snakeCase } from '../db/names';
import { ResourceError } from './errors';

type Row = Record<string, unknown>;

interface ForeignKey {
  /** The referencing column (snake_case), and the referenced table (as PostgreSQL names it) and column. */
  column: string;
  refTable: string;
  refColumn: string;
  /** The referenced column's type, to read the values as it. */
  refType: string;
  /** Columns in the key: only one-column keys are checked here. */
  width: number;
}

/**
 * PostgreSQL: the foreign keys of the rows an import writes, checked a set at a time instead of row by row.
 *
 * PostgreSQL checks a foreign key with a trigger per inserted row: a query and a lock on the referenced
 * row. A user's tenant membership and department checked this way cost about a third of a million-user
 * import. Where the import's role may (superuser, or `GRANT SET ON PARAMETER session_replication_role`),
 * the transaction runs with session_replication_role = replica, which skips those triggers, and this
 * checks every value instead: each referenced row once per import, locked FOR KEY SHARE as the trigger
 * would lock it, so no one deletes it before the import commits. A value naming a row written by the
 * same statement (a membership naming its new user) needs no check: no one else can see that row.
 * The replica role skips every ordinary trigger of the transaction too: only an import that writes rows
 * and nothing else (afterImportStaged) runs so, and the permission epoch is bumped by hand at its end.
 * Where the role may not, the triggers check as always.
 */
export class ImportReferences {
  private readonly keys = new Map<string, Promise<ForeignKey[]>>();
  /** Referenced rows checked and locked by this import, per table. */
  private readonly held = new Map<string, Set<string>>();

  private constructor(private readonly trx: Kysely<any>) {}

  /** Switches the transaction's row triggers off if the role may; answers the checker, or undefined. */
  static async begin(trx: Kysely<any>): Promise<ImportReferences | undefined> {
    await sql`savepoint import_references`.execute(trx);
    try {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`release savepoint import_references`.execute(trx);
      return new ImportReferences(trx);
    } catch {
      await sql`rollback to savepoint import_references`.execute(trx);
      return undefined;
    }
  }

  /**
   * Checks the references of rows about to be written in one statement, parts in order; a referenced row
   * that does not exist refuses the import. Answers false where a key is wider than one column: the
   * triggers are switched back on for the rest of the import, and they check it.
   */
  async check(parts: Array<{ table: string; rows: Row[] }>): Promise<boolean> {
    // ids written by this statement, per table: made for a table a key references (a set per part and
    // chunk was 2% of a million-row import's profile)
    const written = new Map<string, Set<string>>();
    const writtenTo = (name: string) => {
      let ids = written.get(name);
      if (ids) return ids;
      written.set(name, (ids = new Set()));
      for (const { table, rows } of parts) if (snakeCase(table) === name) for (const r of rows) if (r.id !== undefined && r.id !== null) ids.add(String(r.id));
      return ids;
    };
    for (const { table, rows } of parts) {
      for (const key of await this.keysOf(snakeCase(table))) {
        if (key.width !== 1) {
          await sql`set local session_replication_role = origin`.execute(this.trx);
          return false;
        }
        const own = key.refColumn === 'id' ? writtenTo(key.refTable) : undefined;
        const prop = camelCase(key.column);
        const asked = new Set<string>();
        let held = this.held.get(key.refTable);
        if (!held) this.held.set(key.refTable, (held = new Set()));
        for (const r of rows) {
          const v = r[prop];
          if (v === null || v === undefined) continue;
          const s = String(v);
          if (!own?.has(s) && !held.has(s)) asked.add(s);
        }
        if (!asked.size) continue;
        const values = [...asked];
        // the table (as regclass prints it, quoted where it must be) and the type from the catalog, not the request
        const column = sql.id(key.refColumn);
        const found = await sql<{ v: string }>`select ${column}::text as v from ${sql.raw(key.refTable)} where ${column} = any(cast(${values} as ${sql.raw(key.refType)}[])) for key share`.execute(this.trx);
        const present = new Set(found.rows.map((r) => r.v));
        const missing = values.find((v) => !present.has(v));
        if (missing !== undefined) throw new ResourceError(`导入的数据引用了不存在的记录（${table}.${key.column} = ${missing}），本次导入未写入任何数据`);
        for (const v of values) held.add(v);
      }
    }
    return true;
  }

  private keysOf(table: string): Promise<ForeignKey[]> {
    let found = this.keys.get(table);
    if (!found) {
      found = sql<ForeignKey>`
        select a.attname as column, c.confrelid::regclass::text as "refTable", fa.attname as "refColumn",
               format_type(fa.atttypid, fa.atttypmod) as "refType", array_length(c.conkey, 1) as width
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
        where c.contype = 'f' and c.conrelid = to_regclass(${table})`
        .execute(this.trx)
        .then((r) => r.rows.map((k) => ({ ...k, width: Number(k.width) })));
      this.keys.set(table, found);
    }
    return found;
  }
}
