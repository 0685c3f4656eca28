import type { MenuSeed } from './menu-kit';

// Menus of online reports (issue 6 popup picker).
export const ONLINE_MENUS: MenuSeed[] = [];
