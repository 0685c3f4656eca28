import type { MenuSeed } from './menu-kit';

// Menus of the 组件示例 demo pages (issues 5 and 6).
export const DEMO_MENUS: MenuSeed[] = [];
