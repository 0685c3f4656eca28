// Tables of 安全作业 (safety homework), camelCase as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

type Tenant = { tenantId: ColumnType<number, number | undefined, number> };

export interface StuAssignmentTable extends Tenant {
  id: string;
  title: string;
  openTime: string;
  dueTime: string;
  /** 1: a parent signs a receipt */
  receipt: ColumnType<number, number | undefined, number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}
export interface StuAssignmentClassTable extends Tenant {
  id: string;
  assignmentId: string;
  classId: string;
}
export interface StuAssignmentItemTable extends Tenant {
  id: string;
  assignmentId: string;
  /** lesson | course | paper | hazard | activity */
  kind: string;
  itemId: string;
  sortNo: ColumnType<number, number | undefined, number>;
}
export interface StuAssignmentExtensionTable extends Tenant {
  id: string;
  assignmentId: string;
  userId: string;
  dueTime: string;
  createBy: string | null;
  createTime: string | null;
}

export interface AssignmentTables {
  stuAssignment: StuAssignmentTable;
  stuAssignmentClass: StuAssignmentClassTable;
  stuAssignmentItem: StuAssignmentItemTable;
  stuAssignmentExtension: StuAssignmentExtensionTable;
}
