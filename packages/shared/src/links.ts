// Links stored by the platform (menu paths and redirects, external pages, logos, avatars,
// announcement targets, ...) end up in href/src attributes or in window.open. A link whose scheme runs
// code or carries a document of its own is refused on save, by one check shared by every module.

/** The answer when a link is refused. */
export const LINK_INVALID_MESSAGE = '链接地址不合法';

/** Schemes that run script or embed a document: never accepted in a stored link. */
export const UNSAFE_LINK_SCHEMES = ['javascript', 'vbscript', 'data'] as const;

/**
 * The scheme a browser would see in `value`, lower-cased, or null when there is none (a path, or a
 * relative address). Browsers drop leading C0 controls and spaces and remove tabs and line breaks
 * anywhere, so `"\u0001 java\tscript:"` is `javascript:` to them: the same is done here first.
 */
export function linkScheme(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/, '');
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
  return match ? match[1].toLowerCase() : null;
}

/** True when `value` may be stored as a link: empty, a path, or any scheme but javascript:, vbscript: and data:. */
export function isSafeLink(value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  const scheme = linkScheme(value);
  return scheme === null || !(UNSAFE_LINK_SCHEMES as readonly string[]).includes(scheme);
}
