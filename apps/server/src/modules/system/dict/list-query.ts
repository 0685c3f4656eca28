import { z } from 'zod';
import { ResourceError } from '../../../core/crud';

// Small adjustments of the list conventions for the dictionary pages.

/** Searches by name match anywhere: a bare value becomes `*value*` (values with `*` or `!` keep their rule). */
export function likeFilters(query: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out = { ...query };
  for (const f of fields) {
    const v = out[f];
    if (typeof v === 'string' && v.trim() !== '' && !/[*!]/.test(v)) out[f] = `*${v.trim()}*`;
  }
  return out;
}

const itemListQuery = z.looseObject({ dictId: z.string({ error: '请选择字典' }).trim().min(1, '请选择字典').max(64, '字典ID不正确') });

/** The items list always belongs to one dictionary; the other parameters are the list conventions. */
export function dictItemListQuery(raw: unknown): Record<string, unknown> {
  const parsed = itemListQuery.safeParse(raw ?? {});
  if (!parsed.success) throw new ResourceError(parsed.error.issues[0]?.message ?? '请选择字典');
  return parsed.data;
}
