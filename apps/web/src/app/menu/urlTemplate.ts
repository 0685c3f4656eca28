// Menu urls may hold {{ expression }} placeholders (spec/01 §2). The original evaluated them as
// code; here only whitelisted lookups are resolved, e.g. {{ window._CONFIG['domianURL'] }} or {{ token }}.
export type TemplateContext = Record<string, string>;

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
// window._CONFIG['key'], _CONFIG["key"], _CONFIG.key, or a bare identifier.
const LOOKUP = /^(?:window\.)?(?:_CONFIG(?:\[\s*(['"])([\w$]+)\1\s*\]|\.([\w$]+))|([\w$]+))$/;

export function evaluateUrl(url: string, ctx: TemplateContext): string {
  return url.replace(PLACEHOLDER, (_all, expression: string) => {
    const m = LOOKUP.exec(expression.trim());
    const key = m ? (m[2] ?? m[3] ?? m[4]) : undefined;
    if (key && Object.prototype.hasOwnProperty.call(ctx, key)) return ctx[key];
    console.warn(`菜单地址中的占位符无法解析：{{ ${expression} }}`);
    return '';
  });
}
