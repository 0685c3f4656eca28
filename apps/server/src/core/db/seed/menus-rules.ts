import type { MenuSeed } from './menu-kit';

// Menus of 分类字典, 校验规则 and 填值规则 pages (issue 4).
export const RULE_MENUS: MenuSeed[] = [];
