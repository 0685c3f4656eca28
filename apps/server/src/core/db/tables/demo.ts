// Tables of the demo order with its lines (issue 5). Column types are camelCase, as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

type Audit = {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
};
/** numeric(12,2): pg returns text, SQLite a number. */
type Money = ColumnType<number | string, number | string, number | string>;

export interface DemoOrderTable extends Audit {
  id: string;
  orderCode: string;
  customer: string;
  orderDate: string | null;
  amount: Money | null;
  remark: string | null;
  sysOrgCode: string | null;
  tenantId: ColumnType<number, number | undefined, number>;
}

export interface DemoOrderLineTable {
  id: string;
  orderId: string;
  product: string;
  price: Money;
  quantity: number;
  lineDate: string | null;
  /** 1-based position in the order (the grid's drag sort). */
  orderNum: number;
  remark: string | null;
}

export interface DemoTables {
  demoOrder: DemoOrderTable;
  demoOrderLine: DemoOrderLineTable;
}
