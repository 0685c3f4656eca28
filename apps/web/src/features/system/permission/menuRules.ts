// Which fields a menu item has and needs, by type (一级菜单 / 子菜单 / 按钮权限), and the form ⇄ wire mapping.
import type { MenuType, PermissionItem } from './types';
import { t } from '../../../lib/i18n';

export const MENU_TYPE_OPTIONS: { value: MenuType; label: string }[] = [
  { value: 0, label: t('一级菜单') },
  { value: 1, label: t('子菜单') },
  { value: 2, label: t('按钮/权限') },
];

export const menuTypeText = (t: MenuType | number | undefined) => MENU_TYPE_OPTIONS.find((o) => o.value === Number(t))?.label ?? '';

export type MenuField =
  | 'parentId'
  | 'url'
  | 'component'
  | 'componentName'
  | 'redirect'
  | 'icon'
  | 'sortNo'
  | 'route'
  | 'keepAlive'
  | 'hidden'
  | 'alwaysShow'
  | 'internalOrExternal'
  | 'perms'
  | 'permsType'
  | 'status';

const MENU_FIELDS: MenuField[] = ['url', 'component', 'componentName', 'redirect', 'icon', 'sortNo', 'route', 'keepAlive', 'hidden', 'alwaysShow', 'internalOrExternal'];

/** The fields the form shows for a type. */
export function fieldsForType(type: MenuType): Set<MenuField> {
  if (type === 0) return new Set(MENU_FIELDS);
  if (type === 1) return new Set<MenuField>(['parentId', ...MENU_FIELDS]);
  return new Set<MenuField>(['parentId', 'perms', 'permsType', 'status', 'sortNo']);
}

/** The fields a type cannot be saved without (besides the name). Menus need a path and a component;
 * sub-menus and buttons a parent; buttons their permission code. */
export function requiredForType(type: MenuType): Set<MenuField> {
  if (type === 0) return new Set<MenuField>(['url', 'component']);
  if (type === 1) return new Set<MenuField>(['parentId', 'url', 'component']);
  return new Set<MenuField>(['parentId', 'perms']);
}

export const nameLabel = (type: MenuType) => (type === 2 ? t('按钮/权限') : t('菜单名称'));

export const REQUIRED_TEXT: Record<MenuField | 'name', string> = {
  name: t('请输入名称'),
  parentId: t('请选择上级菜单'),
  url: t('请输入访问路径'),
  component: t('请输入前端组件'),
  perms: t('请输入授权标识'),
  componentName: '',
  redirect: '',
  icon: '',
  sortNo: '',
  route: '',
  keepAlive: '',
  hidden: '',
  alwaysShow: '',
  internalOrExternal: '',
  permsType: '',
  status: '',
};

export interface MenuFormValues {
  menuType: MenuType;
  name: string;
  nameEn?: string;
  parentId?: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  icon?: string;
  sortNo?: number;
  route: boolean;
  keepAlive: boolean;
  hidden: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  perms?: string;
  permsType: string;
  status: string;
}

const flag = (v: unknown) => v === true || v === 1 || v === '1';

export function toFormValues(item: Partial<PermissionItem>): MenuFormValues {
  return {
    menuType: (Number(item.menuType ?? 0) as MenuType) ?? 0,
    name: item.name ?? '',
    nameEn: item.nameEn ?? undefined,
    parentId: item.parentId || undefined,
    url: item.url ?? undefined,
    component: item.component ?? undefined,
    componentName: item.componentName ?? undefined,
    redirect: item.redirect ?? undefined,
    icon: item.icon ?? undefined,
    sortNo: item.sortNo ?? 1,
    // the server calls it isRoute; the original's entity called it route
    route: (item.isRoute ?? item.route) === undefined || (item.isRoute ?? item.route) === null ? true : flag(item.isRoute ?? item.route),
    keepAlive: flag(item.keepAlive),
    hidden: flag(item.hidden),
    alwaysShow: flag(item.alwaysShow),
    internalOrExternal: flag(item.internalOrExternal),
    perms: item.perms ?? undefined,
    permsType: item.permsType ?? '1',
    status: item.status ?? '1',
  };
}

/** The body for add/edit: fields the type does not have are sent empty, so a type change leaves no stale values. */
export function toWire(values: MenuFormValues, id?: string): Record<string, unknown> {
  const shown = fieldsForType(values.menuType);
  const pick = <K extends MenuField>(k: K, empty: unknown = null) => (shown.has(k) ? (values[k] ?? empty) : empty);
  return {
    ...(id ? { id } : {}),
    menuType: values.menuType,
    name: values.name.trim(),
    // empty clears it: the menu then shows the catalogue's English of its name, or the Chinese
    nameEn: values.nameEn?.trim() ?? '',
    parentId: pick('parentId', ''),
    url: pick('url'),
    component: pick('component'),
    componentName: pick('componentName'),
    redirect: pick('redirect'),
    icon: pick('icon'),
    sortNo: values.sortNo ?? 1,
    isRoute: pick('route', true),
    keepAlive: pick('keepAlive', false),
    hidden: pick('hidden', false),
    alwaysShow: pick('alwaysShow', false),
    internalOrExternal: pick('internalOrExternal', false),
    perms: pick('perms'),
    permsType: pick('permsType', '1'),
    status: pick('status', '1'),
  };
}
