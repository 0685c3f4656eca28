// Tables of dictionary sources (issue 4). Column types are camelCase, as the CamelCasePlugin presents them.

/**
 * A table an administrator allows to be read as a dictionary (table dictionaries, tree dictionaries,
 * duplicate checks): only the listed columns may be named by a request.
 */
export interface SysDictSourceTable {
  id: string;
  /** snake_case table name, unique. */
  tableName: string;
  /** Comma list of snake_case column names that may be read. */
  fields: string | null;
  /** Comma list of columns marked sensitive: never read through a dictionary (migration 0011). */
  sensitiveFields: string | null;
  /** Comma list of permission codes allowing duplicate checks on sensitive columns (migration 0011). */
  sensitivePerms: string | null;
  description: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface DictTables {
  sysDictSource: SysDictSourceTable;
}
