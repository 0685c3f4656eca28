// Tables of families (migrations 0046 and 0055), camelCase as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

type Tenant = { tenantId: ColumnType<number, number | undefined, number> };

export interface StuParentLinkTable extends Tenant {
  id: string;
  parentId: string;
  studentId: string;
  /** phone: the roster's parent phone; code: a teacher's one-time code */
  via: string;
  createTime: string | null;
}
export interface StuParentCodeTable extends Tenant {
  id: string;
  studentId: string;
  /** SHA-256 of the code as typed (upper case, no spaces or dashes) */
  codeHash: string;
  expireTime: string;
  createBy: string | null;
  createTime: string | null;
  usedBy: string | null;
  usedTime: string | null;
}
export interface StuAssignmentReceiptTable extends Tenant {
  id: string;
  assignmentId: string;
  studentId: string;
  parentId: string | null;
  signTime: string;
}

/** A parent taken off a child (migration 0055): the parent phone does not link them again. */
export interface StuParentUnlinkTable extends Tenant {
  id: string;
  parentId: string;
  studentId: string;
  unlinkBy: string | null;
  unlinkTime: string;
}

export interface FamilyTables {
  stuParentUnlink: StuParentUnlinkTable;
  stuParentLink: StuParentLinkTable;
  stuParentCode: StuParentCodeTable;
  stuAssignmentReceipt: StuAssignmentReceiptTable;
}
