import { z } from 'zod';

/**
 * The largest page any list answers. The original client's pickers ask for 200, 1000 and 99999 rows: a
 * larger size is answered with a page of this many, never refused.
 */
export const MAX_PAGE_SIZE = 1000;

/** A list's `pageSize` parameter: a whole number of at least 1, capped at MAX_PAGE_SIZE. */
export function pageSizeParam(fallback = 10, message?: string) {
  const n = message ? z.coerce.number({ error: message }).int(message).min(1, message) : z.coerce.number().int().min(1);
  return n.default(fallback).transform((v) => Math.min(v, MAX_PAGE_SIZE));
}

/**
 * A list's `pageNo` parameter: a whole number up to `max`; 0 and below read as the first page, as the
 * original's pages do (its online list asks for page 0 after deleting the last row there is).
 */
export function pageNoParam(max = 1_000_000, message?: string) {
  const n = message ? z.coerce.number({ error: message }).int(message) : z.coerce.number().int();
  return n.max(max).default(1).transform((v) => Math.max(v, 1));
}
