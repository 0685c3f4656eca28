// The route guard's decision (spec/01 §2 "Route guard"), kept pure so every branch is testable.
import { LOGIN_PATH } from '@anxue/shared/constants';
import { areaOfPath, type LandingArea } from '@anxue/shared/landing';
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

export { areaOfPath, EDUCATION_PATH, landingChoices, landingPath, STUDENT_AREA_PATH, TEACHER_PATH, type LandingArea } from '@anxue/shared/landing';

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
