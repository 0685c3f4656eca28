// Rich text is stored as HTML and shown to other users, so it is cleaned before it is saved: a fixed
// list of formatting tags survives, everything able to run code (scripts, handlers, javascript: URLs,
// frames, plugins, arbitrary CSS) does not.
import type sanitizeHtml from 'sanitize-html';
import { lazyRequire } from '../lazy-require';

// loaded on the first rich text saved, not at start (about 70 ms of CPU)
const loadSanitizer = lazyRequire<typeof sanitizeHtml>('sanitize-html');

const TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark',
  'sub', 'sup', 'small', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote',
  'a', 'img', 'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'code', 'pre',
];

/** Content of these is dropped with the tag (not kept as text). */
const DROP_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'xmp', 'title'];

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];

const LINK = /^(https?:\/\/|mailto:)/i;
/** A relative link inside the site; '//' would be another host. */
const RELATIVE_LINK = /^(\/(?!\/)|#)/;
/** Files served by the upload endpoint, behind whatever API prefix the site uses. */
const STATIC_IMAGE = /^(\/[\w.-]+)*\/sys\/common\/(static|view)\/[\w\-./%]+$/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/]+={0,2}$/i;

export function isAllowedImageSrc(src: string): boolean {
  const s = src.trim();
  if (STATIC_IMAGE.test(s)) return !s.split('/').includes('..');
  if (/^https?:\/\/[^\s"'<>]+$/i.test(s)) return true;
  return DATA_IMAGE.test(s);
}

function allowedHref(href: string): boolean {
  const h = href.trim();
  return LINK.test(h) || RELATIVE_LINK.test(h);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  nonTextTags: DROP_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['style', 'title'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'type'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedStyles: {
    '*': { 'text-align': [/^(left|right|center|justify)$/i], color: COLOUR, 'background-color': COLOUR },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { target: '_blank', rel: 'noopener noreferrer' };
      if (attribs.href && allowedHref(attribs.href)) out.href = attribs.href.trim();
      if (attribs.title) out.title = attribs.title;
      if (attribs.style) out.style = attribs.style;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src && isAllowedImageSrc(src) ? { src: src.trim(), ...rest } : rest };
    },
  },
  // An image whose source was refused is dropped entirely rather than left as an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Cleans rich-text HTML before it is stored. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return loadSanitizer()(html, OPTIONS);
}
