// The route guard's decision (spec/01 §2 "Route guard"), kept pure so every branch is testable.
import { HOME_PATH, IMPLICIT_HOME_ID, LOGIN_PATH } from '@anxue/shared/constants';
import { redirectTarget } from '../../lib/navigation';

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
    // straight to the page asked for before signing in: no detour through the home page (issue 19)
    if (SIGNED_OUT_ONLY.includes(input.pathname)) return { kind: 'redirect', to: redirectTarget(searchOf(input.fullPath)) ?? HOME_PATH };
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

/** The area's entry: a user whose menu holds its pages but not the back-office home starts there. */
export const STUDENT_AREA_PATH = '/students';

interface MenuNode {
  id?: string;
  path?: string;
  children?: MenuNode[];
}

/**
 * Where a user lands when the requested page is the back-office home: there, if their menu holds it;
 * else the student area when they hold any of its pages (students and teachers sign in to learn);
 * else undefined (the shell shows the home page as it always did).
 */
export function landingPath(menu: MenuNode[]): string | undefined {
  const paths: string[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      // the home entry the server adds to every menu is not a granted page
      if (n.path && n.id !== IMPLICIT_HOME_ID) paths.push(n.path);
      if (n.children) walk(n.children);
    }
  };
  walk(menu);
  if (paths.includes(HOME_PATH)) return undefined;
  return paths.some((p) => p.startsWith(`${STUDENT_AREA_PATH}/`)) ? STUDENT_AREA_PATH : undefined;
}
