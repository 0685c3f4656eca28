// jsdom answers getComputedStyle by matching every rule of every sheet against the element, and antd's
// CSS-in-JS puts thousands of rules in the page. Role queries ask, for each candidate and its ancestors,
// whether it is hidden, and antd measures margins and scrollbars after each render: three quarters of
// the web tests' time went there. Here a property is answered from the rules that declare it, with
// jsdom's own cascade (rules in sheet order, last match wins, inline style last, visibility and
// pointer-events inherit); the colours, which jsdom computes further, still go to jsdom, only when asked.
import { createRequire } from 'node:module';

type Declared = { selector: string; values: Map<string, string> };
type Indexed = { rules: number; text: number; declared: Declared[] };

const defaultSheetText: string = createRequire(import.meta.url)('jsdom/lib/jsdom/browser/default-stylesheet.js');
// jsdom resolves these further (inheritance, colour computation); visibility and pointer-events inherit
// as specified, which is done here
const INHERITED: Record<string, string> = { visibility: 'visible', 'pointer-events': 'auto' };
const RESOLVED_BY_JSDOM = new Set([
  'background-color', 'border-block-start-color', 'border-block-end-color',
  'border-inline-start-color', 'border-inline-end-color', 'border-top-color', 'border-right-color',
  'border-bottom-color', 'border-left-color', 'caret-color', 'color', 'outline-color',
]);
const NOT_PROPERTIES = new Set(['length', 'cssText', 'parentRule', 'cssFloat']);

function declaredIn(sheet: CSSStyleSheet): Declared[] {
  const out: Declared[] = [];
  for (const rule of Array.from(sheet.cssRules)) {
    const media = (rule as CSSMediaRule).media;
    if (media) {
      // jsdom applies only media rules whose list names "screen"
      if (Array.from(media).includes('screen')) {
        for (const inner of Array.from((rule as CSSMediaRule).cssRules)) take(inner, out);
      }
    } else take(rule, out);
  }
  return out;
}

// jsdom's rule objects come from its own CSSOM, so they are told apart by shape
function take(candidate: CSSRule, into: Declared[]) {
  const rule = candidate as CSSStyleRule;
  if (typeof rule.selectorText !== 'string' || !rule.style) return;
  const values = new Map<string, string>();
  for (const property of Array.from(rule.style)) values.set(property, rule.style.getPropertyValue(property));
  if (values.size) into.push({ selector: rule.selectorText, values });
}

let userAgent: Declared[] | undefined;
function userAgentRules(): Declared[] {
  if (!userAgent) {
    // parsed once by jsdom itself, in a style element that leaves again at once
    const style = document.createElement('style');
    style.textContent = defaultSheetText;
    document.head.append(style);
    userAgent = declaredIn(style.sheet!);
    style.remove();
  }
  return userAgent;
}

// antd adds and rewrites style elements as components mount: a sheet is read again when its shape changes
const bySheet = new WeakMap<CSSStyleSheet, Indexed>();
let signature = '';
let byProperty = new Map<string, Declared[]>();

function rulesFor(property: string): Declared[] {
  const sheets = Array.from(document.styleSheets);
  const indexed = sheets.map((sheet) => {
    const rules = sheet.cssRules.length;
    const text = (sheet.ownerNode as Element | null)?.textContent?.length ?? 0;
    let entry = bySheet.get(sheet);
    if (!entry || entry.rules !== rules || entry.text !== text) {
      entry = { rules, text, declared: declaredIn(sheet) };
      bySheet.set(sheet, entry);
    }
    return entry;
  });
  const now = indexed.map((e) => `${e.rules}:${e.text}`).join(',');
  if (now !== signature) {
    signature = now;
    byProperty = new Map();
  }
  let list = byProperty.get(property);
  if (!list) {
    list = [userAgentRules(), ...indexed.map((e) => e.declared)].flat().filter((d) => d.values.has(property));
    byProperty.set(property, list);
  }
  return list;
}

function matches(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

function cascaded(element: Element, property: string): string {
  let value = '';
  for (const rule of rulesFor(property)) {
    if (matches(element, rule.selector)) {
      const v = rule.values.get(property)!;
      value = v === 'unset' ? '' : v;
    }
  }
  const inline = (element as HTMLElement).style?.getPropertyValue(property) ?? '';
  if (inline !== '') value = inline === 'unset' ? '' : inline;
  return value;
}

function computed(element: Element, property: string): string {
  const own = cascaded(element, property);
  const initial = INHERITED[property];
  if (initial === undefined || own !== '') return own;
  return element.parentElement ? computed(element.parentElement, property) : initial;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function installFastComputedStyle(win: Window & typeof globalThis) {
  const jsdomStyle = win.getComputedStyle.bind(win);
  const sample = win.document.createElement('div').style as unknown as Record<string, unknown>;
  // a plain CSS property this module answers, by its kebab name, or null for everything else
  const ownProperty = (prop: string | symbol): string | null => {
    if (typeof prop !== 'string' || NOT_PROPERTIES.has(prop) || !(prop in sample) || typeof sample[prop] === 'function') {
      return null;
    }
    if (/^\d+$/.test(prop)) return null;
    const name = prop.includes('-') ? prop : kebab(prop);
    return RESOLVED_BY_JSDOM.has(name) ? null : name;
  };
  win.getComputedStyle = (element: Element) => {
    let full: CSSStyleDeclaration | undefined;
    // jsdom does not implement pseudo-elements; antd asks for them only to measure scrollbars
    const real = () => (full ??= jsdomStyle(element));
    return new Proxy({} as CSSStyleDeclaration, {
      get(_target, prop) {
        const name = ownProperty(prop);
        if (name) return computed(element, name);
        if (prop === 'getPropertyValue') {
          return (asked: string) => {
            const own = ownProperty(asked);
            return own ? computed(element, own) : real().getPropertyValue(asked);
          };
        }
        const value = Reflect.get(real(), prop);
        return typeof value === 'function' ? value.bind(real()) : value;
      },
      has: (_target, prop) => prop in real(),
      ownKeys: () => Reflect.ownKeys(real()),
      getOwnPropertyDescriptor: (_target, prop) => {
        const d = Reflect.getOwnPropertyDescriptor(real(), prop);
        return d ? { ...d, configurable: true } : undefined;
      },
    });
  };
}
