// Fixed option lists and remote loaders of the grid demo (pickers fed by the real user and department lists).
import type { GridOption } from '../../../components/editable-grid';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';

export const LEVELS: GridOption[] = [
  { value: '1', text: '普通' },
  { value: '2', text: '重要' },
  { value: '3', text: '紧急' },
];
export const HOBBIES: GridOption[] = [
  { value: 'read', text: '阅读' },
  { value: 'run', text: '跑步' },
  { value: 'swim', text: '游泳' },
  { value: 'chess', text: '下棋' },
];
export const CITIES: GridOption[] = [
  { value: 'bj', text: '北京' },
  { value: 'sh', text: '上海' },
  { value: 'gz', text: '广州' },
  { value: 'sz', text: '深圳' },
  { value: 'hz', text: '杭州' },
];
export const SEXES: GridOption[] = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];
export const PROVINCES: GridOption[] = [
  { value: 'zj', text: '浙江' },
  { value: 'gd', text: '广东' },
];
const CITIES_OF: Record<string, GridOption[]> = {
  zj: [
    { value: 'hz', text: '杭州' },
    { value: 'nb', text: '宁波' },
  ],
  gd: [
    { value: 'gz', text: '广州' },
    { value: 'sz', text: '深圳' },
  ],
};
/** Linked select: the cities of the picked province. */
export const citiesOf = (province: unknown): GridOption[] => CITIES_OF[String(province ?? '')] ?? [];

/** Products offered by the popup column (the shape an online report's records have). */
export const PRODUCTS = [
  { code: 'P001', name: '安全帽', price: 35 },
  { code: 'P002', name: '反光背心', price: 28 },
  { code: 'P003', name: '灭火器', price: 120 },
];
/** The products with their names in the current language; call while rendering. */
export const products = () => PRODUCTS.map((p) => ({ ...p, name: t(p.name) }));

interface UserPick {
  username: string;
  realname: string;
}
export async function searchUsers(keyword: string): Promise<GridOption[]> {
  const page = await http.get<{ records: UserPick[] }>('/sys/user/queryUserComponentData', { realname: keyword ? `*${keyword}*` : undefined, pageSize: 10 }, { silent: true });
  return page.records.map((u) => ({ value: u.username, text: u.realname || u.username }));
}

interface DepartHit {
  id: string;
  departName: string;
}
export async function searchDeparts(keyword: string): Promise<GridOption[]> {
  const hits = await http.get<DepartHit[]>('/sys/sysDepart/searchBy', { keyWord: keyword }, { silent: true });
  return hits.slice(0, 20).map((d) => ({ value: d.id, text: d.departName }));
}

/** The async search column: filters the cities after a short wait, as a server would. */
export async function searchCities(keyword: string): Promise<GridOption[]> {
  await new Promise((r) => setTimeout(r, 150));
  return CITIES.filter((c) => !keyword || t(String(c.text)).includes(keyword));
}
