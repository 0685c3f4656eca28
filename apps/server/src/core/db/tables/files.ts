import type { ColumnType } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

// The data log and the file list of 文件管理 (migration 0021).
export interface SysDataLogTable {
  id: string;
  createBy: string | null;
  /** The saver's real name at the time. */
  createName: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  /** Table name of the tracked row, e.g. sys_position. */
  dataTable: string;
  dataId: string;
  /** The row as saved, JSON. */
  dataContent: string;
  /** 1, 2, … per (dataTable, dataId). */
  dataVersion: number;
  /** 'json' (the only kind written; the original also keeps comment entries). */
  type: Defaulted<string>;
  tenantId: Defaulted<number>;
}

export interface OssFileTable {
  id: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  fileName: string;
  /** Relative path in the storage driver (read back through /sys/common/static). */
  url: string;
  fileSize: ColumnType<number, number | undefined, number>;
  fileType: string | null;
  /** The driver that held the file when it was stored: local or s3. */
  storageDriver: Defaulted<string>;
  tenantId: Defaulted<number>;
}

export interface FilesTables {
  sysDataLog: SysDataLogTable;
  ossFile: OssFileTable;
}
