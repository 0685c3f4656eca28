// Runtime configuration injected by the server into index.html (window.__APP_CONFIG__).
export interface AppConfig {
  apiBase: string;
  title: string;
  captcha: boolean;
  /** Secret for the optional request signature (X-Sign); absent means signing is off. */
  signatureSecret?: string;
  /** Base address used by menu url placeholders such as {{ window._CONFIG['domianURL'] }}. */
  domianURL?: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

export function appConfig(): AppConfig {
  const c = (typeof window !== 'undefined' && window.__APP_CONFIG__) || {};
  const apiBase = c.apiBase ?? '/api';
  return {
    apiBase,
    title: c.title ?? '安学云',
    captcha: c.captcha !== false,
    signatureSecret: c.signatureSecret,
    domianURL: c.domianURL ?? (typeof window !== 'undefined' ? window.location.origin + apiBase : apiBase),
  };
}
