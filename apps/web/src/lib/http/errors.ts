// The error catalogue of spec/01 §8: what the user sees when a call fails.
import { LOGIN_PATH } from '@anxue/shared/constants';
import type { ApiResult } from '@anxue/shared/wire';
import { navigateTo } from '../navigation';
import { clearLocalSession, currentToken } from '../session/store';
import { destroyNotices, showError, showLoading, showModalError } from '../notices';

export class HttpError extends Error {
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    message: string,
    readonly body?: ApiResult<unknown>,
    readonly timeout = false,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const NOTICE_TITLE = '系统提示';

type EndSession = (opts: { reload: boolean; quiet: boolean }) => Promise<void>;
// until lib/auth registers its logout: forget the session locally
let endSession: EndSession = async () => clearLocalSession();
/**
 * How this layer ends a session it learns has expired: lib/auth registers its logout when it loads (the
 * http layer cannot import it, since logout itself calls the server through this client).
 */
export function setSessionEnder(fn: EndSession): void {
  endSession = fn;
}
export const SESSION_EXPIRED_DELAY_MS = 1500;

function notify(description: string, duration = 4.5) {
  void showError(description, NOTICE_TITLE, duration);
}

const TOKEN_INVALID = /token\s*失效/i;
let expiredModalOpen = false;

/** The workplace chat app's (WeCom, 企业微信) in-app browser, where the page signs in again by itself. */
export const isWorkplaceChatBrowser = () => typeof navigator !== 'undefined' && /wxwork/i.test(navigator.userAgent);
export const RENEWING_MESSAGE = '登录已过期，正在重新登录...';

function showLoginExpired() {
  if (expiredModalOpen) return;
  expiredModalOpen = true;
  if (isWorkplaceChatBrowser()) {
    // no dialog to answer inside the chat app: say so and reload into its sign-in
    void showLoading(RENEWING_MESSAGE);
    void endSession({ reload: true, quiet: true });
    return;
  }
  void showModalError({
    title: '登录已过期',
    content: '很抱歉，登录已过期，请重新登录',
    okText: '重新登录',
    onOk: async () => {
      expiredModalOpen = false;
      await endSession({ reload: true, quiet: true });
    },
  });
}

/** Shows the catalogue entry for a failed call and runs its follow-up (logout on 401). */
export function reportHttpError(err: HttpError): void {
  const message = err.body?.message ?? '';
  if (err.timeout || err.status === 504) return notify('网络超时');
  switch (err.status) {
    case 403:
      return notify('拒绝访问', 4);
    case 404:
      return notify('很抱歉，资源未找到!');
    case 401:
      notify('很抱歉，登录已过期，请重新登录');
      void endSession({ reload: false, quiet: true }).then(() =>
        // The route guard may already have moved to the login page (keeping ?redirect); then stay.
        setTimeout(() => window.location.pathname !== LOGIN_PATH && navigateTo(LOGIN_PATH), SESSION_EXPIRED_DELAY_MS),
      );
      return;
  }
  if ((err.status === 500 || err.body?.code === 500) && currentToken() && TOKEN_INVALID.test(message)) {
    return showLoginExpired();
  }
  notify(message || err.message || `请求失败（${err.status}）`);
}

/** Only for tests: lets one test's login-expired modal not block the next. */
export async function resetErrorState(): Promise<void> {
  expiredModalOpen = false;
  await destroyNotices();
}
