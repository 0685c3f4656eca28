import { sql, type Kysely } from 'kysely';
import { dialectOf, type Database } from '../../../core/db';

/**
 * Hands out the next number of a rule's counter for one period, atomically: the row is created if
 * missing, then incremented and read back in the same statement inside one transaction. PostgreSQL's
 * row lock makes concurrent callers wait their turn; SQLite runs one writer at a time. MySQL has no
 * UPDATE … RETURNING, and an insert-if-missing then update would deadlock two callers (both hold the
 * row shared, both want it exclusive): there one upsert takes the row once and leaves the number as the
 * connection's last_insert_id.
 */
export async function nextSequence(db: Kysely<Database>, ruleCode: string, period: string): Promise<number> {
  if (dialectOf(db) === 'mysql') {
    return db.connection().execute(async (conn) => {
      await sql`insert into sys_fill_rule_seq (rule_code, period, value) values (${ruleCode}, ${period}, last_insert_id(1))
                on duplicate key update value = last_insert_id(value + 1)`.execute(conn);
      const row = await sql<{ n: number }>`select last_insert_id() as n`.execute(conn);
      return Number(row.rows[0]?.n);
    });
  }
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sysFillRuleSeq')
      .values({ ruleCode, period, value: 0 })
      .onConflict((oc) => oc.columns(['ruleCode', 'period']).doNothing())
      .execute();
    const row = await trx
      .updateTable('sysFillRuleSeq')
      .set({ value: sql<number>`${sql.ref('value')} + 1` })
      .where('ruleCode', '=', ruleCode)
      .where('period', '=', period)
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  });
}

/** The number nextSequence would hand out now, without taking it. */
export async function peekSequence(db: Kysely<Database>, ruleCode: string, period: string): Promise<number> {
  const row = await db.selectFrom('sysFillRuleSeq').select('value').where('ruleCode', '=', ruleCode).where('period', '=', period).executeTakeFirst();
  return Number(row?.value ?? 0) + 1;
}
