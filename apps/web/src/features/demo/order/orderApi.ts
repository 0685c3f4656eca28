// 订单管理(一对多)'s urls and record shapes.
import type { ListApi } from '../../../components/list-page';
import { http } from '../../../lib/http';

export interface OrderLine {
  id?: string;
  product: string;
  price: number | string;
  quantity: number | string;
  lineDate?: string | null;
  orderNum?: number;
  remark?: string | null;
}

export interface Order {
  id: string;
  orderCode: string;
  customer: string;
  orderDate?: string | null;
  amount?: number | null;
  remark?: string | null;
  createTime?: string;
  lines?: OrderLine[];
}

export const ORDER_API = {
  list: '/demo/order/list',
  delete: '/demo/order/delete',
  deleteBatch: '/demo/order/deleteBatch',
  exportXls: '/demo/order/exportXls',
  add: '/demo/order/add',
  edit: '/demo/order/edit',
  queryById: '/demo/order/queryById',
} satisfies ListApi & { add: string; edit: string; queryById: string };

export const loadOrder = (id: string) => http.get<Order>(ORDER_API.queryById, { id });
