import type { Kysely } from 'kysely';

// Dictionary sources: which tables and columns a request may name. Names are checked here against
// fixed patterns; the database's own catalog (catalog.ts) is the second check.

/** snake_case table or column name as the schema uses them. */
export const IDENTIFIER = /^[a-z][a-z0-9_]{0,63}$/;

/** Columns never readable through a dictionary, whatever an administrator declares. */
const SENSITIVE_COLUMN = /password|passwd|secret|token|(^|_)salt(_|$)/;

/** Tables holding secrets or the declarations themselves. */
export const PROTECTED_TABLES: ReadonlySet<string> = new Set(['sys_install', 'sys_captcha', 'sys_user_token', 'sys_dict_source']);

export function isSensitiveColumn(name: string): boolean {
  return SENSITIVE_COLUMN.test(name.toLowerCase());
}

/** The names of a comma list, trimmed, without blanks or repeats. */
export function parseFieldList(text: string | null | undefined): string[] {
  return [...new Set((text ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/** Declared table → readable columns. A row edited behind the application's back still cannot expose a secret. */
export async function loadDeclarations(db: Kysely<any>): Promise<Map<string, Set<string>>> {
  const rows = (await db.selectFrom('sysDictSource').select(['tableName', 'fields']).execute()) as Array<{ tableName: string; fields: string | null }>;
  const map = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!IDENTIFIER.test(r.tableName) || PROTECTED_TABLES.has(r.tableName)) continue;
    map.set(r.tableName, new Set(parseFieldList(r.fields).filter((f) => IDENTIFIER.test(f) && !isSensitiveColumn(f))));
  }
  return map;
}
