export interface RuntimeConfig {
  apiBase: string;
  title: string;
  captcha: boolean;
  /** Our client signs the calls the original signs with it (X-Sign). */
  signatureSecret: string;
  /** CAS single sign-on server (CAS_SERVER_URL): the sign-in page offers 单点登录 through it. */
  casServerUrl?: string;
  /** The install's own name, logo and footer (系统设置) when set: the page's title and branding from the first paint. */
  siteName?: string;
  siteLogo?: string;
  footerText?: string;
}

/** The id of the data block that carries the runtime configuration (read by apps/web/src/lib/runtimeConfig.ts). */
export const RUNTIME_CONFIG_ID = 'app-config';

/**
 * The Content-Security-Policy of the HTML page. No inline script may run (`script-src 'self'`), so the
 * runtime configuration travels as a JSON data block, which browsers never execute. antd's CSS-in-JS
 * inserts <style> elements at run time, hence 'unsafe-inline' for styles only. Images may be data: (the
 * captcha) or blob: (previews); the grid's live updates use WebSocket; menu pages may embed other sites
 * in an iframe (frame-src), while only this origin may frame us (frame-ancestors).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "media-src 'self' blob:",
  "frame-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Headers sent with the HTML page (besides the ones every answer carries, core/http/security-headers.ts). */
export const HTML_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * The SPA's index.html with the runtime configuration injected before its first script, as a
 * `<script type="application/json">` data block (allowed under the page's CSP, unlike an inline script),
 * and the install's name (or, unset, the product name) put into %APP_TITLE%. The JSON is escaped so no
 * value can close the element.
 */
export function renderIndexHtml(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  const tag = `<script type="application/json" id="${RUNTIME_CONFIG_ID}">${json}</script>`;
  const titled = html.split('%APP_TITLE%').join(escapeHtml(config.siteName || config.title));
  const at = titled.search(/<script[\s>]/i);
  if (at >= 0) return titled.slice(0, at) + tag + titled.slice(at);
  const head = titled.search(/<\/head>/i);
  return head >= 0 ? titled.slice(0, head) + tag + titled.slice(head) : tag + titled;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
