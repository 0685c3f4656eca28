import type { MenuSeed } from './menu-kit';

// Menus of 数据字典 and 字典数据源 pages (issue 4).
export const DICT_MENUS: MenuSeed[] = [];
