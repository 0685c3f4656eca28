// The area's navigation comes from the 学习园地 menu the session loaded: only pages the user holds show,
// and a user who also holds back-office menus gets a way there.
import { HOME_PATH } from '@anxue/shared/constants';
import type { MenuItem } from '../../../lib/types';

export const AREA_ROOT = '/students';

export interface AreaEntry {
  path: string;
  title: string;
  /** the page's key in the 学习园地 table (courseList, theoryQuestionList…), used to pick its icon */
  key: string;
}

/** Pages of 学习园地 the user holds, in menu order (hidden entries and buttons left out). */
export function areaEntries(menu: MenuItem[] | null): AreaEntry[] {
  const root = (menu ?? []).find((m) => m.path === AREA_ROOT);
  return (root?.children ?? [])
    .filter((c) => !c.hidden && c.path.startsWith(`${AREA_ROOT}/`))
    .map((c) => ({ path: c.path, title: c.meta.title, key: c.path.slice(AREA_ROOT.length + 1) }));
}

function firstPage(items: MenuItem[]): string | undefined {
  for (const item of items) {
    if (item.hidden) continue;
    if (item.children?.length) {
      const inner = firstPage(item.children);
      if (inner) return inner;
    } else if (item.path.startsWith('/') && item.route !== '0') return item.path;
  }
  return undefined;
}

/**
 * Where the 管理后台 link leads: the first back-office page the user holds, or undefined when the user
 * holds none (the home entry every menu carries does not count).
 */
export function backOfficeTarget(menu: MenuItem[] | null): string | undefined {
  const others = (menu ?? []).filter((m) => m.path !== AREA_ROOT && m.path !== HOME_PATH && !m.hidden);
  const page = firstPage(others);
  if (!page) return undefined;
  // the dashboard is the back-office's own start page when the user has it
  return (menu ?? []).some((m) => m.path === HOME_PATH) ? HOME_PATH : page;
}

/** Is `pathname` inside the page of `entry` (its detail pages included)? */
export const DETAIL_OWNER: Record<string, string> = {
  course: 'courseList',
  lesson: 'courseList',
  picture: 'pictureList',
  video: 'videoList',
  poster: 'posterList',
  skill: 'skillList',
  exam: 'theoryQuestionList',
  danger: 'dangerQuestionList',
  hazardClip: 'hazardClipList',
  assignments: 'classStats',
};

/** The menu key a path belongs to, so the nav highlights 课程学习 on a lesson page too. */
export function activeKey(pathname: string): string | undefined {
  const segment = pathname.slice(AREA_ROOT.length + 1).split('/')[0];
  if (!segment) return undefined;
  return DETAIL_OWNER[segment] ?? segment;
}
