// Runtime configuration injected by the server into index.html as a JSON data block,
// <script type="application/json" id="app-config">, which the page's Content-Security-Policy allows
// (no inline script runs). Read once into window.__APP_CONFIG__, where tests may also put their own.
export interface AppConfig {
  apiBase: string;
  title: string;
  captcha: boolean;
  /** CAS single sign-on server (the server's CAS_SERVER_URL); absent: no 单点登录 on the sign-in page. */
  casServerUrl?: string;
  /** Secret for the optional request signature (X-Sign); absent means signing is off. */
  signatureSecret?: string;
  /** Base address used by menu url placeholders such as {{ window._CONFIG['domianURL'] }}. */
  domianURL?: string;
  /** The install's own name, logo and footer (系统设置) as the server knew them when it sent the page; absent when unset. */
  siteName?: string;
  siteLogo?: string;
  footerText?: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

export const RUNTIME_CONFIG_ID = 'app-config';

/** The configuration block of the page, or {} when absent or unreadable. */
function readConfigBlock(): Partial<AppConfig> {
  if (typeof document === 'undefined') return {};
  const el = document.getElementById(RUNTIME_CONFIG_ID);
  if (!el || el.getAttribute('type') !== 'application/json') return {};
  try {
    const parsed: unknown = JSON.parse(el.textContent ?? '');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Partial<AppConfig>) : {};
  } catch {
    return {};
  }
}

export function appConfig(): AppConfig {
  if (typeof window !== 'undefined' && !window.__APP_CONFIG__) window.__APP_CONFIG__ = readConfigBlock();
  const c = (typeof window !== 'undefined' && window.__APP_CONFIG__) || {};
  const apiBase = c.apiBase ?? '/api';
  return {
    apiBase,
    title: c.title ?? '安学云',
    captcha: c.captcha !== false,
    casServerUrl: typeof c.casServerUrl === 'string' && /^https?:\/\//.test(c.casServerUrl) ? c.casServerUrl : undefined,
    signatureSecret: c.signatureSecret,
    domianURL: c.domianURL ?? (typeof window !== 'undefined' ? window.location.origin + apiBase : apiBase),
    siteName: textOf(c.siteName),
    siteLogo: textOf(c.siteLogo),
    footerText: textOf(c.footerText),
  };
}

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
