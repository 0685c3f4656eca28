// The route guard's decision (spec/01 §2 "Route guard"), kept pure so every branch is testable.
import { HOME_PATH, IMPLICIT_HOME_ID, LOGIN_PATH, NO_ROLE_PATH } from '@anxue/shared/constants';
import { redirectTarget } from '../../lib/navigation';
import { localStore } from '../../lib/storage';

export const OAUTH_LOGIN_PATH = '/oauth2-app/login';

/** Paths a signed-out visitor may open. */
export const WHITELIST = ['/', LOGIN_PATH, '/user/register', '/user/register-result', '/user/alteration', '/students', OAUTH_LOGIN_PATH];

/** Pages for signing in or getting an account: a signed-in visitor is sent on (home, or the redirect target). */
const SIGNED_OUT_ONLY = [LOGIN_PATH, OAUTH_LOGIN_PATH, '/user/register'];

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'load-permissions' };

export interface GuardInput {
  pathname: string;
  /** Path plus query, used as the redirect target after sign-in. */
  fullPath: string;
  signedIn: boolean;
  permissionsLoaded: boolean;
  /** Send signed-out visitors to the OAuth2 login page instead. */
  preferOAuthLogin?: boolean;
}

export function decide(input: GuardInput): GuardDecision {
  if (input.signedIn) {
    // straight to the page asked for before signing in: no detour through the home page; else
    // to /, where each user lands in their own area
    if (SIGNED_OUT_ONLY.includes(input.pathname)) return { kind: 'redirect', to: redirectTarget(searchOf(input.fullPath)) ?? '/' };
    if (!input.permissionsLoaded) return { kind: 'load-permissions' };
    return { kind: 'allow' };
  }
  if (WHITELIST.includes(input.pathname)) return { kind: 'allow' };
  return { kind: 'redirect', to: loginRedirect(input.fullPath, input.preferOAuthLogin) };
}

export function loginRedirect(fullPath: string, oauth = false): string {
  return `${oauth ? OAUTH_LOGIN_PATH : LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

const searchOf = (fullPath: string) => (fullPath.includes('?') ? fullPath.slice(fullPath.indexOf('?')) : '');

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

const lastAreaKey = (username: string) => `LANDING_AREA__${username}`;

/** The area the user opened last in this browser. */
export function rememberedArea(username: string): LandingArea | undefined {
  return username ? localStore.get<LandingArea>(lastAreaKey(username)) : undefined;
}

/** Remembers the area of a page the user opens (pages of no area change nothing). */
export function rememberArea(username: string, pathname: string): void {
  const area = areaOfPath(pathname);
  if (!username || !area || rememberedArea(username) === area) return;
  localStore.set(lastAreaKey(username), area);
}
