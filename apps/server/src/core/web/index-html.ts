export interface RuntimeConfig {
  apiBase: string;
  title: string;
  captcha: boolean;
}

/**
 * The SPA's index.html with the runtime configuration injected before its first script and the
 * product name put into %APP_TITLE%. The JSON is escaped so no value can close the script element.
 */
export function renderIndexHtml(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  const tag = `<script>window.__APP_CONFIG__=${json}</script>`;
  const titled = html.split('%APP_TITLE%').join(escapeHtml(config.title));
  const at = titled.search(/<script[\s>]/i);
  if (at >= 0) return titled.slice(0, at) + tag + titled.slice(at);
  const head = titled.search(/<\/head>/i);
  return head >= 0 ? titled.slice(0, head) + tag + titled.slice(head) : tag + titled;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
