// Message templates: `${name}` placeholders (dots reach into objects: `${user.name}`), `$${` for a
// literal `${`. Checked on save, filled from a JSON object on send; a missing value is an error that
// names every missing placeholder, never an empty gap in a message.
import { BizError } from '../../core/errors';

type Piece = { text: string } | { name: string };
const NAME = /^[\p{L}\p{N}_.-]+$/u;

/** Splits a template into text and placeholders, or refuses it with a message saying what is wrong. */
export function parseTemplate(content: string): Piece[] {
  const pieces: Piece[] = [];
  let text = '';
  let i = 0;
  while (i < content.length) {
    if (content.startsWith('$${', i)) {
      text += '${';
      i += 3;
      continue;
    }
    if (!content.startsWith('${', i)) {
      text += content[i++];
      continue;
    }
    const end = content.indexOf('}', i + 2);
    const nextOpen = content.indexOf('${', i + 2);
    if (end < 0 || (nextOpen >= 0 && nextOpen < end)) throw new BizError(`模板内容第${i + 1}个字符处的“\${”没有对应的“}”`);
    const name = content.slice(i + 2, end).trim();
    if (!name) throw new BizError(`模板内容第${i + 1}个字符处的参数名为空`);
    if (!NAME.test(name)) throw new BizError(`模板参数名“${name}”只能包含文字、数字、下划线、点和短横线`);
    if (text) pieces.push({ text });
    text = '';
    pieces.push({ name });
    i = end + 1;
  }
  if (text) pieces.push({ text });
  return pieces;
}

/** The placeholder names of a template, each once, in order of appearance. */
export function placeholdersOf(content: string): string[] {
  return [...new Set(parseTemplate(content).flatMap((p) => ('name' in p ? [p.name] : [])))];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

function lookup(data: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(data, name)) return data[name];
  let v: unknown = data;
  for (const part of name.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/**
 * Fills every placeholder from `data`. `html`: the template is HTML (e-mail, system message), so values
 * are escaped and cannot add markup. Missing (undefined or null) values are refused together.
 */
export function renderTemplate(content: string, data: Record<string, unknown>, opts: { html?: boolean } = {}): string {
  const pieces = parseTemplate(content);
  const missing = new Set<string>();
  const out = pieces.map((p) => {
    if ('text' in p) return p.text;
    const v = lookup(data, p.name);
    if (v === undefined || v === null) {
      missing.add(p.name);
      return '';
    }
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return opts.html ? escapeHtml(s) : s;
  });
  if (missing.size) throw new BizError(`缺少模板参数：${[...missing].join('、')}`);
  return out.join('');
}

/** Renders a message's title and content together, so one error names what both are missing. */
export function renderMessage(tpl: { title: string; content: string; html: boolean }, data: Record<string, unknown>): { title: string; content: string } {
  const missing = [...new Set([tpl.title, tpl.content].flatMap((text) => placeholdersOf(text).filter((n) => lookup(data, n) == null)))];
  if (missing.length) throw new BizError(`缺少模板参数：${missing.join('、')}`);
  return { title: renderTemplate(tpl.title, data), content: renderTemplate(tpl.content, data, { html: tpl.html }) };
}

/** Reads the JSON a sender gives for a template (an object), or refuses it. */
export function parseTemplateData(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === '') return {};
  let v = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      throw new BizError('模板参数不是有效的JSON');
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new BizError('模板参数应是JSON对象，如 {"name":"张三"}');
  return v as Record<string, unknown>;
}
