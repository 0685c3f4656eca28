// A student's 学号 and parent phone in a tenant (migration 0043), camelCase as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

export interface StuStudentTable {
  id: string;
  tenantId: ColumnType<number, number | undefined, number>;
  userId: string;
  studentNo: string;
  parentPhone: string | null;
  createTime: string | null;
  updateTime: string | null;
}

export interface RosterTables {
  stuStudent: StuStudentTable;
}
