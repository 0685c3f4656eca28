import type { ColumnType } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A comment on an online form's record (migration 0030, modules/online/comment). */
export interface SysCommentTable {
  id: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  /** The form's table (onl_cgform_head.table_name). */
  tableName: string;
  tableDataId: string;
  fromUserId: string;
  /** The user replied to, when the comment answers another. */
  toUserId: string | null;
  /** The comment replied to. */
  commentId: string | null;
  commentContent: string;
  tenantId: Defaulted<number>;
}

/** A file attached to a comment, kept in the storage driver. */
export interface SysCommentFileTable {
  id: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  commentId: string;
  fileName: string;
  /** Relative path in the storage driver (read back through /sys/common/static). */
  url: string;
  fileSize: ColumnType<number, number | undefined, number>;
  fileType: string | null;
  storageDriver: Defaulted<string>;
  tenantId: Defaulted<number>;
}

export interface CommentTables {
  sysComment: SysCommentTable;
  sysCommentFile: SysCommentFileTable;
}
