// Where a signed-in user lands: the areas they may work in, from their menu and permission codes. The web
// decides with these rules once the permissions are in; the server names the areas in the login answer, so
// the web can fetch that area's code while the permissions are on their way.
import { HOME_PATH, IMPLICIT_HOME_ID, NO_ROLE_PATH } from './constants';

/** The student area's entry (/students opens the student's own first page). */
export const STUDENT_AREA_PATH = '/students';
/** Where teachers work in the student area: the classes they teach. */
export const TEACHER_PATH = '/students/classStats';
/** The content back-office (安全教育). */
export const EDUCATION_PATH = '/education';
/** Pages of the user's own (notices, settings, the no-role page): they make nobody a back-office user. */
const PERSONAL_PREFIXES = ['/isps/userAnnouncement', '/account', NO_ROLE_PATH];

const STUDY_CODE = 'students:study';
const TEACH_CODE = 'students:teach';

/** Where a user may land: the back-office, the content back-office, the student area. */
export type LandingArea = 'backoffice' | 'education' | 'students';

interface MenuNode {
  id?: string;
  path?: string;
  hidden?: boolean;
  children?: MenuNode[];
}

const within = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** The area a page belongs to, or undefined for pages of no area (sign-in, personal pages, 404). */
export function areaOfPath(pathname: string): LandingArea | undefined {
  if (within(pathname, STUDENT_AREA_PATH)) return 'students';
  if (within(pathname, EDUCATION_PATH)) return 'education';
  if (pathname === '/' || PERSONAL_PREFIXES.some((p) => within(pathname, p))) return undefined;
  if (['/user', '/oauth2-app', '/test', '/404'].some((p) => within(pathname, p))) return undefined;
  return 'backoffice';
}

function firstLeaf(node: MenuNode): string | undefined {
  for (const child of node.children ?? []) {
    if (child.hidden) continue;
    if (child.children?.length) {
      const inner = firstLeaf(child);
      if (inner) return inner;
    } else if (child.path) return child.path;
  }
  return undefined;
}

/**
 * The areas a user may land in, in the order used when they have opened none of them yet: the back-office
 * home (its menu holds the home page or back-office pages), the 安全教育 menu's first page, the student area
 * (a teacher's classes, a student's own home).
 */
export function landingChoices(menu: MenuNode[], codes: readonly string[] = []): Array<{ area: LandingArea; path: string }> {
  const paths: string[] = [];
  let education: MenuNode | undefined;
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      // hidden entries are pages opened by a link (account settings, the bell's messages), not an area one
      // lands in; the home entry the server adds to every menu is not a granted page
      if (n.hidden) continue;
      if (n.path && n.id !== IMPLICIT_HOME_ID) paths.push(n.path);
      if (n.path === EDUCATION_PATH) education = n;
      if (n.children) walk(n.children);
    }
  };
  walk(menu);
  const choices: Array<{ area: LandingArea; path: string }> = [];
  if (paths.some((p) => areaOfPath(p) === 'backoffice')) choices.push({ area: 'backoffice', path: HOME_PATH });
  const educationPage = education && firstLeaf(education);
  if (educationPage) choices.push({ area: 'education', path: educationPage });
  const areaPages = paths.filter((p) => p.startsWith(`${STUDENT_AREA_PATH}/`));
  if (codes.includes(TEACH_CODE) && areaPages.includes(TEACHER_PATH)) choices.push({ area: 'students', path: TEACHER_PATH });
  else if (areaPages.length || codes.includes(STUDY_CODE) || codes.includes(TEACH_CODE)) choices.push({ area: 'students', path: STUDENT_AREA_PATH });
  return choices;
}

/**
 * Where a user lands after signing in or opening /: the area they opened last when they may land in
 * several, else the first of landingChoices; a user whose roles give no page lands on the page that says
 * so (the server puts it in such a menu only); anyone else at the back-office home, as always.
 */
export function landingPath(menu: MenuNode[], codes: readonly string[] = [], last?: string | null): string {
  const choices = landingChoices(menu, codes);
  if (!choices.length) return menu.some((n) => n.path === NO_ROLE_PATH) ? NO_ROLE_PATH : HOME_PATH;
  return (choices.find((c) => c.area === last) ?? choices[0]!).path;
}

