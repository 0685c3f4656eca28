// Online forms (issue 15): what the form designer's calls accept and answer. The server validates with these
// schemas (apps/server/src/modules/online/cgform), the web designer types its calls with them. Field names
// and encodings are the original client's (CgformModal.vue): flags arrive as '1'/'0' or 'Y'/'N'.
import { z } from 'zod';

/** Names of form tables and of their columns: lower case, starting with a letter, 2–64 characters. */
export const FORM_NAME_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const FORM_NAME_RULE = '只能由小写字母、数字、下划线组成，以字母开头，长度2至64';

/** Table types (dictionary cgform_table_type of the original). */
export const FORM_TABLE_TYPES = { single: 1, main: 2, sub: 3 } as const;

/** Database types the designer offers (DBAttributeTable.vue), plus Time. */
export const FORM_DB_TYPES = ['string', 'int', 'long', 'double', 'BigDecimal', 'Date', 'Datetime', 'Time', 'Text', 'LongText', 'Blob'] as const;
export type FormDbType = (typeof FORM_DB_TYPES)[number];

/** Prefixes of the platform's own tables: a form can never be named like one. */
export const SYSTEM_TABLE_PREFIXES = ['sys_', 'onl_', 'stu_', 'qrtz_', 'oss_', 'kysely_', 'sqlite_', 'pg_'] as const;

/** Columns every synced form table has whether or not the form lists them. */
export const FORM_TENANT_COLUMN = 'tenant_id';

/**
 * Words refused as table or column names: SQL reserved words of MySQL (the list the original client checks),
 * PostgreSQL and SQLite (the SQLite words that are only keywords in some places, such as plan, query, row or view, stay
 * usable: names are always quoted).
 */
export const SQL_RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    'add all alter analyze and any array as asc asensitive asymmetric attach autoincrement before begin between bigint binary blob both by call cascade case cast ' +
    'change char character check collate column commit condition connection constraint continue convert create cross current current_catalog current_date ' +
    'current_role current_schema current_time current_timestamp current_user cursor database databases day_hour day_microsecond day_minute day_second ' +
    'dec decimal declare default deferrable deferred delayed delete desc describe detach deterministic distinct distinctrow div do double drop dual each ' +
    'else elseif enclosed end escape escaped except exclusive exists exit explain false fetch float float4 float8 for force foreign freeze from full ' +
    'fulltext glob goto grant group having high_priority hour_microsecond hour_minute hour_second if ignore ilike immediate in index indexed infile initially ' +
    'inner inout insensitive insert instead int int1 int2 int3 int4 int8 integer intersect interval into is isnull iterate join key keys kill label lateral ' +
    'leading leave left like limit linear lines load localtime localtimestamp lock long longblob longtext loop low_priority match mediumblob mediumint ' +
    'mediumtext middleint minute_microsecond minute_second mod modifies natural no_write_to_binlog not notnull null numeric of offset on only optimize ' +
    'option optionally or order out outer outfile overlaps placing pragma precision primary procedure purge raid0 range read reads real ' +
    'recursive references regexp reindex release rename repeat replace require restrict return returning revoke right rlike rollback savepoint ' +
    'schema schemas second_microsecond select sensitive separator session_user set show similar smallint some spatial specific sql sqlexception sqlstate ' +
    'sqlwarning sql_big_result sql_calc_found_rows sql_small_result ssl starting straight_join symmetric table temporary terminated then tinyblob ' +
    'tinyint tinytext to trailing transaction trigger true undo union unique unlock unsigned update usage use user using utc_date utc_time utc_timestamp ' +
    'vacuum values varbinary varchar varcharacter variadic varying verbose when where while window with without write x509 xor year_month zerofill'
  ).split(' '),
);

/** Why a name cannot name a form table or column, or null when it can. */
export function formNameProblem(name: string, what: '表名' | '字段名'): string | null {
  if (!FORM_NAME_PATTERN.test(name)) return `${what}“${name}”不合法：${FORM_NAME_RULE}`;
  if (SQL_RESERVED_WORDS.has(name)) return `${what}“${name}”是数据库关键字，不能使用`;
  if (what === '表名' && SYSTEM_TABLE_PREFIXES.some((p) => name.startsWith(p))) return `表名“${name}”是系统表的命名，不能使用`;
  return null;
}

const str = (max: number) => z.string().max(max, `长度不能超过${max}`);
const optStr = (max: number) => z.preprocess((v) => (v === null || v === undefined ? v : String(v)), str(max).nullish());
/** '1'/'0', 1/0, true/false, 'Y'/'N' → 1/0; blank → undefined. */
const flag = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 1 || v === '1' || v === 'Y' || v === 'true') return 1;
  if (v === false || v === 0 || v === '0' || v === 'N' || v === 'false') return 0;
  return v;
}, z.union([z.literal(0), z.literal(1)], { error: '开关取值应为 0 或 1' }).optional());
/** A '1'/'0' flag the original stores as text; true/false are taken too. */
const textFlag = z.preprocess((v) => (v === true ? '1' : v === false ? '0' : v === null || v === undefined ? v : String(v)), z.string().max(3, '开关取值应为 1 或 0').nullish());
/** A whole number sent as number or text; blank → undefined. */
const int = (min: number, max: number) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : Number(v)), z.number({ error: '应为数字' }).int('应为整数').min(min).max(max).optional());
const yn = z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v === true ? 'Y' : v === false ? 'N' : v), z.enum(['Y', 'N'], { error: '取值应为 Y 或 N' }).optional());

export const cgformHeadInput = z.object({
  id: optStr(64),
  tableName: z.string({ error: '请输入表名' }).trim().toLowerCase().min(1, '请输入表名').max(64, '表名最长64个字符'),
  tableTxt: z.string({ error: '请输入表描述' }).trim().min(1, '请输入表描述').max(200, '表描述最长200个字'),
  tableType: z.preprocess((v) => (v === undefined || v === null || v === '' ? 1 : Number(v)), z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '表类型应为 1 单表、2 主表或 3 附表' })),
  relationType: int(0, 1),
  tabOrderNum: int(0, 100000),
  isCheckbox: yn,
  isPage: yn,
  isTree: yn,
  treeParentIdField: optStr(50),
  treeIdField: optStr(50),
  treeFieldname: optStr(50),
  queryMode: optStr(10),
  idSequence: optStr(200),
  idType: optStr(100),
  formCategory: optStr(50),
  formTemplate: optStr(50),
  formTemplateMobile: optStr(50),
  themeTemplate: optStr(50),
  scroll: int(0, 1),
  extConfigJson: optStr(4000),
  isDesForm: optStr(2),
  desFormCode: optStr(50),
});
export type CgformHeadInput = z.infer<typeof cgformHeadInput>;

export const cgformFieldInput = z.object({
  id: optStr(64),
  dbFieldName: z.string({ error: '请输入字段名称' }).trim().toLowerCase().min(1, '请输入字段名称').max(64, '字段名最长64个字符'),
  dbFieldTxt: optStr(200),
  dbIsKey: flag,
  dbIsNull: flag,
  dbIsPersist: flag,
  dbType: z.enum(FORM_DB_TYPES, { error: `字段类型应为 ${FORM_DB_TYPES.join('、')} 之一` }),
  dbLength: int(0, 10000),
  dbPointLength: int(0, 30),
  dbDefaultVal: optStr(200),
  dictField: optStr(100),
  dictTable: optStr(500),
  dictText: optStr(100),
  fieldShowType: optStr(20),
  fieldHref: optStr(200),
  fieldLength: int(0, 100000),
  fieldValidType: optStr(300),
  fieldMustInput: textFlag,
  fieldExtendJson: optStr(1000),
  fieldDefaultValue: optStr(200),
  isQuery: flag,
  isShowForm: flag,
  isShowList: flag,
  isReadOnly: flag,
  queryMode: optStr(10),
  mainTable: optStr(100),
  mainField: optStr(100),
  orderNum: int(-100000, 100000),
  converter: optStr(255),
  queryDefVal: optStr(50),
  queryDictText: optStr(100),
  queryDictField: optStr(100),
  queryDictTable: optStr(500),
  queryShowType: optStr(50),
  queryConfigFlag: textFlag,
  queryValidType: optStr(50),
  queryMustInput: textFlag,
  sortFlag: textFlag,
});
export type CgformFieldInput = z.infer<typeof cgformFieldInput>;

export const cgformIndexInput = z.object({
  id: optStr(64),
  indexName: z.string({ error: '请输入索引名称' }).trim().toLowerCase().min(1, '请输入索引名称').max(64, '索引名称最长64个字符'),
  indexField: z.string({ error: '请选择索引栏位' }).trim().min(1, '请选择索引栏位').max(500),
  indexType: z.enum(['normal', 'unique'], { error: '索引类型应为 normal 或 unique' }).default('normal'),
});
export type CgformIndexInput = z.infer<typeof cgformIndexInput>;

const idList = z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(z.string().max(64)).max(1000));

/** The body of addAll and editAll, as CgformModal sends it. */
export const cgformSaveBody = z.object({
  head: cgformHeadInput,
  fields: z.array(cgformFieldInput).min(1, '请至少定义一个字段').max(500, '字段不能超过500个'),
  indexs: z.preprocess((v) => v ?? [], z.array(cgformIndexInput).max(64)),
  deleteFieldIds: idList,
  deleteIndexIds: idList,
});
export type CgformSaveBody = z.infer<typeof cgformSaveBody>;

/** Sync methods of doDbSynch/{id}/{method}. */
export const FORM_SYNC_METHODS = ['normal', 'force'] as const;
export type FormSyncMethod = (typeof FORM_SYNC_METHODS)[number];

/** The result of a refused sync whose changes would lose data; repeat with `?confirm=1` to proceed. */
export interface FormSyncConfirm {
  needConfirm: true;
  /** One line per change that loses data, in Chinese. */
  changes: string[];
}
