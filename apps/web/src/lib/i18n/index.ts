// The interface language of this browser (issue 17): Chinese by default, English when chosen in the
// header. Texts are written in Chinese and looked up in the English catalogue of @anxue/shared by their
// Chinese (see packages/shared/src/i18n.ts). The catalogue is loaded only for English, before the first
// render (main.tsx), and a switch reloads the page so every screen, antd's own texts and the server's
// messages (Accept-Language) change together.
import { DEFAULT_LOCALE, LOCALES, translator, type Locale, type Vars } from '@anxue/shared/i18n';
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { reloadPage } from '../navigation';
import { localStore } from '../storage';

export type { Locale } from '@anxue/shared/i18n';

let locale: Locale = readLocale();
/** Chinese: the texts as written, placeholders filled. */
const AS_WRITTEN = translator({});
let translate: (zh: string, vars?: Vars, context?: string) => string = AS_WRITTEN;

function readLocale(): Locale {
  const saved = typeof localStorage === 'undefined' ? undefined : localStore.get<string>(STORAGE_KEYS.locale);
  return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return locale;
}

/** Loads what the chosen language needs (the English catalogue, dayjs's English); call before rendering. */
export async function loadLocale(): Promise<void> {
  locale = readLocale();
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (locale === 'en-US') {
    const { EN } = await import('@anxue/shared/i18n-en');
    translate = translator(EN);
  }
}

/**
 * The text in the current language: `t('用户管理')`, `t('请输入{label}', { label })`; `context` tells apart
 * one Chinese word with two meanings (`t('冻结', undefined, 'action')`).
 */
export function t(zh: string, vars?: Vars, context?: string): string {
  return translate(zh, vars, context);
}

/**
 * The text in the current language with some placeholders filled by values that are not strings (a stored
 * name marked as data, for instance): the translation in pieces, the values where their placeholders are.
 * Elements passed as values need a key, since the pieces render as a list.
 */
export function tWith<V>(zh: string, values: Record<string, V>, vars?: Vars): Array<string | V> {
  const marks: Vars = { ...vars };
  for (const name of Object.keys(values)) marks[name] = `\u0000${name}\u0000`;
  return t(zh, marks)
    .split('\u0000')
    .map((piece, i) => (i % 2 === 1 && Object.hasOwn(values, piece) ? values[piece]! : piece))
    .filter((piece) => piece !== '');
}

/** Remembers the language and reloads the page in it. */
export function switchLocale(next: Locale): void {
  if (next === locale) return;
  localStore.set(STORAGE_KEYS.locale, next);
  reloadPage();
}

/** Only for tests: sets the language and its catalogue without a reload. */
export async function setLocaleForTest(next: Locale): Promise<void> {
  if (next === DEFAULT_LOCALE) localStore.remove(STORAGE_KEYS.locale);
  else localStore.set(STORAGE_KEYS.locale, next);
  translate = AS_WRITTEN;
  await loadLocale();
}

/** The pagination's total, "1-10 共 35 条", or "1-10 共 10,000+ 条" when the count stopped at a cap. */
export function totalText(total: number, range: [number, number], capped = false): string {
  if (capped) return t('{from}-{to} 共 {total}+ 条', { from: range[0], to: range[1], total: total.toLocaleString('en-US') });
  return t('{from}-{to} 共 {total} 条', { from: range[0], to: range[1], total });
}
