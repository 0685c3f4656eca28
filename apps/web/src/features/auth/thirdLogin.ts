// Third-party sign-in (issue 16): the browser goes to the server's render address, which sends it to the
// provider; the provider's callback sends it back to /oauth2-app/login with a one-time token, which
// getLoginUser exchanges for the login answer.
import { http } from '../../lib/http';
import { appConfig } from '../../lib/runtimeConfig';
import { applyLogin } from '../../lib/auth/login';
import type { LoginResult } from '../../lib/types';

export interface ThirdProvider {
  thirdType: string;
  name: string;
}

const THIRD_TYPE = /^[a-z][a-z0-9_]{1,31}$/;

/** The enabled providers (code and name), for the sign-in page's buttons. */
export function fetchThirdProviders(): Promise<ThirdProvider[]> {
  return http.get<ThirdProvider[]>('/sys/thirdLogin/providers', undefined, { silent: true });
}

/** Leaves for the provider's sign-in page (a full navigation: the provider is another site). */
export function startThirdLogin(thirdType: string): void {
  if (!THIRD_TYPE.test(thirdType)) return;
  window.location.assign(`${appConfig().apiBase}/sys/thirdLogin/render/${thirdType}`);
}

/** Exchanges the one-time token for the session and stores it like any sign-in. */
export async function finishThirdLogin(token: string, thirdType: string): Promise<LoginResult> {
  const res = await http.get<LoginResult>(`/sys/thirdLogin/getLoginUser/${encodeURIComponent(token)}/${encodeURIComponent(thirdType)}`, undefined, { silent: true });
  applyLogin(res);
  return res;
}

/** The address CAS sends the browser back to with its ticket (and that the ticket is validated for). */
export const casService = () => `${window.location.origin}/user/login`;

/** Leaves for the CAS server's sign-in page. */
export function startCasLogin(casServerUrl: string): void {
  window.location.assign(`${casServerUrl.replace(/\/+$/, '')}/login?service=${encodeURIComponent(casService())}`);
}

/** Validates the ticket CAS came back with (GET /sys/cas/client/validateLogin) and stores the session. */
export async function finishCasLogin(ticket: string): Promise<LoginResult> {
  const res = await http.get<LoginResult>('/sys/cas/client/validateLogin', { ticket, service: casService() }, { silent: true });
  applyLogin(res);
  return res;
}
