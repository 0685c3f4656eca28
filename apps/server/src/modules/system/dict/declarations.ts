import type { Kysely } from 'kysely';

// Dictionary sources: which tables and columns a request may name. Names are checked here against
// fixed patterns; the database's own catalog (catalog.ts) is the second check.
//
// Three kinds of columns (issue 10):
// - secrets (passwords, salts, tokens): never named by any request, whatever is declared;
// - sensitive: personal data (phone, e-mail, ID number, by built-in name) plus the columns an
//   administrator lists as sensitive on a source. Never read, shown or filtered by a dictionary; a
//   duplicate check on one needs a permission code the source declares (`sensitivePerms`, e.g.
//   system:user:add / system:user:edit for sys_user: whoever may enter the value may ask if it is free);
// - readable: the other declared columns.

/** snake_case table or column name as the schema uses them. */
export const IDENTIFIER = /^[a-z][a-z0-9_]{0,63}$/;

/** Columns never readable through a dictionary, whatever an administrator declares. */
const SECRET_COLUMN = /password|passwd|secret|token|(^|_)salt(_|$)/;

/**
 * Personal data by name, sensitive whatever a declaration says: phone and mobile numbers, e-mail
 * addresses, ID-card, passport and social-security numbers (snake_case or camelCase names).
 */
const PERSONAL_COLUMN = /phone|mobile|e_?mail|id_?card|identity_(card|no|number)|passport|social_security|(^|_)(tel|mail|id_no|id_number|cert_no)(_|$)/;

/**
 * Tables holding secrets or the declarations themselves: never declared, whatever columns are named
 * (sessions, the install's secrets, captchas, sign-in attempts, SMS codes, sign-in flows, migrations).
 */
export const PROTECTED_TABLES: ReadonlySet<string> = new Set([
  'sys_install',
  'sys_captcha',
  'sys_user_token',
  'sys_dict_source',
  'sys_login_attempt',
  'sys_sms_code',
  'sys_third_login_flow',
  'sys_login_qrcode',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** The snake_case spelling of a camelCase name (idCard → id_card); other names unchanged. */
function snakeName(name: string): string {
  return /^[a-z][a-zA-Z0-9]*$/.test(name) ? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : name.toLowerCase();
}

/** A secret: never named by a dictionary or a duplicate check. */
export function isSecretColumn(name: string): boolean {
  return SECRET_COLUMN.test(name.toLowerCase());
}

/** Personal data by its name (phone, e-mail, ID number…): never readable through a dictionary. */
export function isPersonalColumn(name: string): boolean {
  return PERSONAL_COLUMN.test(name.toLowerCase()) || PERSONAL_COLUMN.test(snakeName(name));
}

/** Never readable through a dictionary by its name alone: a secret or personal data. */
export function isSensitiveColumn(name: string): boolean {
  return isSecretColumn(name) || isPersonalColumn(name);
}

/** The names of a comma list, trimmed, without blanks or repeats. */
export function parseFieldList(text: string | null | undefined): string[] {
  return [...new Set((text ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/** Permission codes: letters, digits and `:_-.*` (a code list is stored as text, checked on save). */
export const PERMISSION_CODE = /^[A-Za-z][A-Za-z0-9:_.*-]{0,99}$/;

/** What one declared source allows. */
export interface SourceDeclaration {
  /** Columns a dictionary may read, show and filter by: never a secret or sensitive one. */
  readable: ReadonlySet<string>;
  /** Sensitive columns declared for duplicate checks (never read): personal by name or marked by the administrator. */
  sensitive: ReadonlySet<string>;
  /** Codes of which the caller must hold one to duplicate-check a sensitive column; none = nobody may. */
  sensitivePerms: readonly string[];
}

type SourceRow = { tableName: string; fields: string | null; sensitiveFields: string | null; sensitivePerms: string | null };

/** One source's declaration: a row edited behind the application's back still cannot expose a secret or personal data. */
export function declarationOf(r: Omit<SourceRow, 'tableName'>): SourceDeclaration {
  const marked = parseFieldList(r.sensitiveFields).filter((f) => IDENTIFIER.test(f) && !isSecretColumn(f));
  const markedSet = new Set(marked);
  const declared = parseFieldList(r.fields).filter((f) => IDENTIFIER.test(f) && !isSecretColumn(f));
  return {
    readable: new Set(declared.filter((f) => !isPersonalColumn(f) && !markedSet.has(f))),
    sensitive: new Set([...marked, ...declared.filter((f) => isPersonalColumn(f))]),
    sensitivePerms: parseFieldList(r.sensitivePerms).filter((c) => PERMISSION_CODE.test(c)),
  };
}

/** Declared table → what it allows. */
export async function loadDeclarations(db: Kysely<any>): Promise<Map<string, SourceDeclaration>> {
  const rows = (await db.selectFrom('sysDictSource').select(['tableName', 'fields', 'sensitiveFields', 'sensitivePerms']).execute()) as SourceRow[];
  const map = new Map<string, SourceDeclaration>();
  for (const r of rows) {
    if (!IDENTIFIER.test(r.tableName) || PROTECTED_TABLES.has(r.tableName)) continue;
    map.set(r.tableName, declarationOf(r));
  }
  return map;
}
