// Languages of the interface (issue 17): Chinese, the default and the language the code is written in,
// and English. Texts are looked up by their Chinese: a catalogue maps each Chinese text to its English,
// and a text with {placeholders} matches any filled-in form of itself, so a server message such as
// 用户“张三”已存在 finds 用户“{name}”已存在. A text the catalogue lacks stays Chinese.

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** The locale of an Accept-Language header: English when an English tag comes first, else Chinese. */
export function localeFromHeader(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: (tag ?? '').toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  const first = tags.find((x) => x.tag.startsWith('en') || x.tag.startsWith('zh'));
  return first?.tag.startsWith('en') ? 'en-US' : DEFAULT_LOCALE;
}

export type Vars = Record<string, string | number>;
export type Catalogue = Record<string, string>;

const PLACEHOLDER = /\{(\w+)\}/g;

function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => (vars[name] === undefined ? whole : String(vars[name])));
}

interface Pattern {
  re: RegExp;
  names: string[];
  english: string;
}

function escape(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
}

/**
 * A translator over one catalogue: `t(zh, vars)` answers the English of `zh` with its placeholders
 * filled, or `zh` (filled) when the catalogue has no entry. Texts that already carry their values
 * (server messages) are matched against the catalogue's {placeholder} entries.
 */
export function translator(catalogue: Catalogue): (zh: string, vars?: Vars, context?: string) => string {
  const patterns: Pattern[] = [];
  for (const [zh, english] of Object.entries(catalogue)) {
    const names = [...zh.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    if (!names.length) continue;
    const source = escape(zh).replace(/\\?\{(\w+)\\?\}/g, '(.+?)');
    patterns.push({ re: new RegExp(`^${source}$`, 's'), names, english });
  }
  return (zh, vars, context) => {
    // one Chinese word with two meanings (冻结: the status Frozen, the action Freeze) has an entry per context
    const exact = (context ? catalogue[`${zh}#${context}`] : undefined) ?? catalogue[zh];
    if (exact !== undefined) return fill(exact, vars);
    if (!vars) {
      for (const p of patterns) {
        const m = p.re.exec(zh);
        // a captured value that is itself a known text (a field's label) is translated too
        if (m) return fill(p.english, Object.fromEntries(p.names.map((n, i) => [n, catalogue[m[i + 1]!] ?? m[i + 1]!])));
      }
    }
    return fill(zh, vars);
  };
}

/** Any Chinese character (CJK unified ideographs): what a page in English should not show. */
export const CJK = /[\u3400-\u4dbf\u4e00-\u9fff]/;
