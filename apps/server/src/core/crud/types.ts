import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { FieldDef, SortSpec } from '../query';
import type { RuleUser } from './data-rules';
import type { AccessScope } from '../access/scope';

/** One column of a resource: how it is queried, validated, shown, exported and imported. */
export interface ResourceField extends FieldDef {
  /** Chinese label: the spreadsheet header on export and import, and the name in messages. */
  title: string;
  required?: boolean;
  /** Value must not repeat in the table (checked on add, edit and import). */
  unique?: boolean;
  /** Maximum text length (default 255 for strings). */
  max?: number;
  /** Accepted from the client on add/edit (default true; ids and audit columns never are). */
  writable?: boolean;
  /** Sent to the client (default true; false for secrets). */
  readable?: boolean;
  /** Included in exports and accepted by imports (default: readable && writable). */
  excel?: boolean;
  /** Extra rule for the value, run after the type check. */
  check?: z.ZodType;
  /** HTML from a rich-text editor: stored only after sanitising (scripts, handlers, foreign frames removed). */
  richText?: boolean;
}

export type ResourceAction = 'list' | 'queryById' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls' | 'importExcel';

export interface RequestContext {
  /** Who makes the change: tenant, cross-tenant reading and permission codes. */
  caller: RuleUser;
  userId: string;
  username: string;
  orgCode?: string | null;
  tenantId: number;
  db: Kysely<any>;
  now: string;
  /**
   * During an import: what a hook keeps for a row from beforeSave to afterImport, by row id (the rows
   * afterImport gets are read back from the database, not the objects beforeSave saw).
   */
  importState?: Map<string, unknown>;
  /**
   * During an import: inserts many rows of one table at once, on the import's connection (PostgreSQL: one
   * JSON parameter; SQLite: one prepared statement run in the writing thread, into the stage where
   * afterImportStaged). Hooks reach it through insertRows, which falls back to Kysely.
   */
  bulkInsert?(table: string, rows: Record<string, unknown>[]): Promise<void>;
}

export interface ResourceHooks {
  /** Adjusts or refuses a row before it is written (throw a BizError to refuse). */
  beforeSave?(row: Record<string, unknown>, ctx: RequestContext, mode: 'add' | 'edit' | 'import'): Promise<void> | void;
  /** Writes related rows in the same transaction (roles of a user, ...). */
  afterSave?(row: Record<string, unknown>, input: Record<string, unknown>, ctx: RequestContext, mode: 'add' | 'edit'): Promise<void> | void;
  /**
   * Writes related rows of imported rows, in the import's transaction, after they are inserted: the rows
   * as stored (their table's columns, or `id` and afterImportReads), a chunk at a time.
   */
  afterImport?(rows: Record<string, unknown>[], ctx: RequestContext): Promise<void> | void;
  /**
   * The columns afterImport reads of each row besides `id`; the rest are not read back (on SQLite every
   * staged row crosses to the server's thread, so a million users' twenty columns cost seconds).
   * Absent: every column.
   */
  afterImportReads?: string[];
  /**
   * afterImport and the resource's excel links write only through insertRows, and read nothing the import
   * writes: on SQLite they run while the file is read (on the rows as built), their rows go to the import's
   * stage, and are copied into their tables with the imported rows, without reading those back. On
   * PostgreSQL they run before a chunk is written, and their rows go in with it in one statement, with
   * the row triggers off where the role may (ImportReferences): only inserts, nothing a trigger must see.
   */
  afterImportStaged?: boolean;
  /** Refuses or cascades a delete, inside the delete's transaction. */
  beforeDelete?(ids: string[], ctx: RequestContext): Promise<void> | void;
  /** Runs once a delete has committed (what must not happen if it rolls back: ending the users' sessions). */
  afterDelete?(ids: string[], ctx: RequestContext): Promise<void> | void;
  /**
   * Narrows the rows this caller may see, beyond tenant and data rules (a teacher sees only the work of
   * classes they teach); lists, reads, edits, deletes and exports all go through it.
   */
  restrict?(qb: SelectQueryBuilder<any, any, Record<string, unknown>>, ctx: RequestContext): Promise<SelectQueryBuilder<any, any, Record<string, unknown>>>;
  /** Adds computed fields to records going out (after dictionary texts). */
  decorate?(records: Record<string, unknown>[], ctx: RequestContext): Promise<void> | void;
  /**
   * Refuses an imported row by what its links resolved to (a paper without questions, ...): called once
   * the row's links are known, with each link's targets (undefined: the file has no such column). Throw
   * a BizError to make it that row's error.
   */
  checkImportRow?(row: Record<string, unknown>, targets: Array<string[] | undefined>, ctx: RequestContext): Promise<void> | void;
}

/**
 * A relation carried in spreadsheets by name (a user's 部门 and 角色): exported as the linked rows' names,
 * comma-joined, and read back on import, where an unknown or ambiguous name is the row's error.
 */
/** What a name in a link column stands for; `rowValues` are columns the row takes from its first target. */
export interface ExcelLinkTarget {
  id: string;
  rowValues?: Record<string, unknown>;
}

export interface ExcelLink {
  /** The column's header, e.g. 部门. */
  title: string;
  /** Names are one per line (names that may hold commas, like question stems); default: commas, 、 or lines. */
  onePerLine?: boolean;
  /** Each record's linked names, for a batch of record ids (export). */
  names(db: Kysely<any>, ids: string[]): Promise<Map<string, string[]>>;
  /**
   * What each name stands for, among the rows the caller may link to: name → id, or a message when the
   * name matches nothing or several rows. Called with names not asked before during one import.
   */
  lookup(ctx: RequestContext, names: string[]): Promise<Map<string, ExcelLinkTarget | { error: string }>>;
  /** Writes the links of imported rows, in the import's transaction, after the rows are written. */
  write(ctx: RequestContext, links: Array<{ id: string; targets: string[] }>): Promise<void>;
}

export interface ResourceDef {
  /** Chinese name of one record, used in messages (e.g. 职务). */
  label: string;
  /** Kysely table name (camelCase). */
  table: string;
  /** Route prefix under the API base, e.g. /sys/position. */
  path: string;
  /** Permission code prefix: `${permission}:list`, `:add`, `:edit`, `:delete`, `:deleteBatch`, `:exportXls`, `:importExcel`. */
  permission: string;
  fields: ResourceField[];
  /** Rows are marked deleted (delFlag = 1) instead of removed. */
  softDelete?: boolean;
  /**
   * The unique fields stay unique across the recycle bin (the database's unique indexes hold deleted rows
   * too): an import refuses a value a deleted row holds, saying so, instead of failing on the index.
   */
  uniqueAcrossBin?: boolean;
  /** The table has a tenantId column scoped by the request's tenant. */
  tenant?: boolean;
  /**
   * Whose rows these are, when the area of `permission` is not classified in SCOPE_BY_PREFIX (or is
   * classified otherwise): `platform` rows are managed only from the system tenant. A resource with
   * `tenant` cannot be the platform's.
   */
  scope?: AccessScope;
  /** Perms code (or url) of the menu whose data rules apply to this list. */
  dataRuleMenu?: string;
  defaultSort?: SortSpec[];
  /**
   * The code(s) an action needs instead of `${permission}:<action>` (any of a list), for a second path over
   * the same rows that maps its actions to codes already granted (e.g. exporting needs the list right).
   */
  actionPermissions?: Partial<Record<ResourceAction, string | string[]>>;
  /** Codes an action needs beyond `${permission}:<action>`, all of them. */
  alsoRequires?: Partial<Record<ResourceAction, string[]>>;
  /** Actions to leave out (a module registers its own). */
  without?: ResourceAction[];
  /** Columns of the add/edit body beyond the fields (validated by the module, e.g. selectedroles). */
  extraInput?: z.ZodRawShape;
  hooks?: ResourceHooks;
  /** Every add and edit stores the row's readable columns as a new version in sys_data_log (数据日志). */
  dataLog?: boolean;
  /** Relations exported and imported by name, after the fields' columns. */
  excelLinks?: ExcelLink[];
}

export const AUDIT_FIELDS = ['createBy', 'createTime', 'updateBy', 'updateTime'] as const;
