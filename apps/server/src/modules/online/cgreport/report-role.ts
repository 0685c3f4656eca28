import { CompiledQuery, type Kysely } from 'kysely';

// PostgreSQL runs report SQL as a role of its own that holds no right on any table: inside the report's
// read-only transaction the allow-list's tables become temporary views (report-views.ts) that this role
// may select, and nothing else. The role cannot turn itself back into the application's user, because
// set_config (through which a SELECT could say SET ROLE) is taken from PUBLIC; the application's own
// statements use SET, which needs no such right.

export const REPORT_ROLE = 'anxue_report';

const SET_CONFIG = 'pg_catalog.set_config(text,text,boolean)';

/** The statements a superuser runs where the application's database user may not. */
export function reportRoleStatements(user: string): string {
  const who = `"${user.replace(/"/g, '""')}"`;
  return `CREATE ROLE ${REPORT_ROLE} NOLOGIN; GRANT ${REPORT_ROLE} TO ${who}; REVOKE EXECUTE ON FUNCTION ${SET_CONFIG} FROM PUBLIC;`;
}

/** What the operator must run, as a report's refusal says it. */
export function reportRoleAdvice(user: string): string {
  return `请以数据库超级用户执行：${reportRoleStatements(user)}`;
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
export async function prepareReportRole(db: Kysely<any>): Promise<{ user: string } | null> {
  return db.withoutPlugins().connection().execute(async (conn) => {
    const raw: Raw = (text, values = []) => conn.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: unknown[] }>;
    const quietly = (text: string) => raw(text).catch(() => undefined);
    let state = await readiness(raw);
    // another node (or test) may be doing the same at this moment: its change wins, ours is tried again
    for (let attempt = 0; attempt < 4 && !(state.role && state.member && !state.setConfig); attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 100 * attempt));
      if (!state.role) await quietly(`create role ${REPORT_ROLE} nologin noinherit`);
      state = await readiness(raw);
      if (state.role && !state.member) await quietly(`grant ${REPORT_ROLE} to current_user`);
      if (state.role && state.setConfig) await quietly(`revoke execute on function ${SET_CONFIG} from public`);
      state = await readiness(raw);
    }
    return state.role && state.member && !state.setConfig ? null : { user: state.user };
  });
}

const prepared = new WeakMap<object, Promise<{ user: string } | null>>();

/**
 * prepareReportRole once per database handle (a failed try is tried again at the next report); null when
 * ready. The handle must be the app's own (withoutPlugins() makes a new one on every call).
 */
export function reportRoleReady(db: Kysely<any>): Promise<{ user: string } | null> {
  let p = prepared.get(db);
  if (!p) {
    p = prepareReportRole(db).then((missing) => {
      if (missing) prepared.delete(db);
      return missing;
    });
    prepared.set(db, p);
  }
  return p;
}
