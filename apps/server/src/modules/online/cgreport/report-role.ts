import { CompiledQuery, type Kysely } from 'kysely';

// PostgreSQL runs report SQL as a role of its own that holds no right on any table: inside the report's
// read-only transaction the allow-list's tables become temporary views (report-views.ts) that this role
// may select, and nothing else. The role cannot turn itself back into the application's user, because
// set_config (through which a SELECT could say SET ROLE) is taken from PUBLIC; the application's own
// statements use SET, which needs no such right.

export const REPORT_ROLE = 'anxue_report';

const SET_CONFIG = 'pg_catalog.set_config(text,text,boolean)';

/** What the operator must run where the application's database user may not do it itself. */
export function reportRoleAdvice(user: string): string {
  const who = `"${user.replace(/"/g, '""')}"`;
  return `请以数据库超级用户执行：CREATE ROLE ${REPORT_ROLE} NOLOGIN; GRANT ${REPORT_ROLE} TO ${who}; REVOKE EXECUTE ON FUNCTION ${SET_CONFIG} FROM PUBLIC;`;
}

type Raw = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

async function readiness(raw: Raw): Promise<{ role: boolean; member: boolean; setConfig: boolean; user: string }> {
  const r = (await raw(
    `select current_user as "user",
            exists (select 1 from pg_roles where rolname = $1) as role,
            (select rolsuper from pg_roles where rolname = current_user) or (exists (select 1 from pg_roles where rolname = $1) and pg_has_role(current_user, $1, 'MEMBER')) as member,
            exists (select 1 from pg_roles where rolname = $1) and has_function_privilege($1, '${SET_CONFIG}', 'EXECUTE') as "setConfig"`,
    [REPORT_ROLE],
  )).rows[0] as { user: string; role: boolean; member: boolean; setConfig: boolean };
  return r;
}

/**
 * Makes the report role and takes set_config from PUBLIC where the database user may; answers null when
 * reports can run confined, else what the operator must grant. Safe to run by several nodes at once.
 */
export async function prepareReportRole(db: Kysely<any>): Promise<string | null> {
  return db.connection().execute(async (conn) => {
    const raw: Raw = (text, values = []) => conn.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: unknown[] }>;
    const quietly = (text: string) => raw(text).catch(() => undefined);
    let state = await readiness(raw);
    if (!state.role) await quietly(`create role ${REPORT_ROLE} nologin noinherit`);
    state = await readiness(raw);
    if (state.role && !state.member) await quietly(`grant ${REPORT_ROLE} to current_user`);
    if (state.role && state.setConfig) await quietly(`revoke execute on function ${SET_CONFIG} from public`);
    state = await readiness(raw);
    return state.role && state.member && !state.setConfig ? null : reportRoleAdvice(state.user);
  });
}

const prepared = new WeakMap<object, Promise<string | null>>();

/** prepareReportRole once per database handle (a failed try is tried again at the next report). */
export function reportRoleReady(db: Kysely<any>): Promise<string | null> {
  let p = prepared.get(db);
  if (!p) {
    p = prepareReportRole(db).then((advice) => {
      if (advice) prepared.delete(db);
      return advice;
    });
    prepared.set(db, p);
  }
  return p;
}
