import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { FieldDef, SortSpec } from '../query';
import type { RuleUser } from './data-rules';

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
}

export interface ResourceHooks {
  /** Adjusts or refuses a row before it is written (throw a BizError to refuse). */
  beforeSave?(row: Record<string, unknown>, ctx: RequestContext, mode: 'add' | 'edit' | 'import'): Promise<void> | void;
  /** Writes related rows in the same transaction (roles of a user, ...). */
  afterSave?(row: Record<string, unknown>, input: Record<string, unknown>, ctx: RequestContext, mode: 'add' | 'edit'): Promise<void> | void;
  /** Writes related rows of imported rows, in the import's transaction, after they are inserted. */
  afterImport?(rows: Record<string, unknown>[], ctx: RequestContext): Promise<void> | void;
  /** Refuses or cascades a delete, inside the delete's transaction. */
  beforeDelete?(ids: string[], ctx: RequestContext): Promise<void> | void;
  /** Adds computed fields to records going out (after dictionary texts). */
  decorate?(records: Record<string, unknown>[], ctx: RequestContext): Promise<void> | void;
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
  /** The table has a tenantId column scoped by the request's tenant. */
  tenant?: boolean;
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
}

export const AUDIT_FIELDS = ['createBy', 'createTime', 'updateBy', 'updateTime'] as const;
