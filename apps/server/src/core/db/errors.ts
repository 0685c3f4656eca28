/** True for a violated unique index or primary key, on SQLite, PostgreSQL and MySQL/MariaDB. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'ER_DUP_ENTRY';
}

/**
 * What a unique violation names, where the driver says: PostgreSQL the column(s) and value, MySQL/MariaDB
 * the index and value (MySQL 8 prefixes the index with its table).
 */
export function uniqueViolationOf(err: unknown): { columns?: string; index?: string; value: string } | undefined {
  const e = err as { detail?: unknown; message?: unknown } | null;
  const pg = /Key \(([^)]+)\)=\((.*)\) already exists/.exec(String(e?.detail ?? ''));
  if (pg) return { columns: pg[1]!, value: pg[2]! };
  const my = /Duplicate entry '(.*)' for key '(?:[^'.]+\.)?([^']+)'/.exec(String(e?.message ?? ''));
  if (my) return { index: my[2]!, value: my[1]! };
  return undefined;
}
