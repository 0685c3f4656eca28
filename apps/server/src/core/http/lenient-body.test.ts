import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lenientSafeParse } from './lenient-body';

describe('bodies read as the original reads JSON', () => {
  const schema = z.object({
    checkKey: z.string().optional(),
    count: z.number().int().optional(),
    status: z.enum(['0', '1']).optional(),
    kind: z.union([z.literal(1), z.literal(2)]).optional(),
    note: z.string().nullable().optional(),
    lines: z.array(z.object({ qty: z.number(), code: z.string() })).optional(),
  });

  it('takes a number where text is expected and a numeric text where a number is, at any depth', () => {
    const r = lenientSafeParse(schema, { checkKey: -1, count: '12', status: 1, kind: '2', note: 3.5, lines: [{ qty: '1.5', code: 7 }] });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ checkKey: '-1', count: 12, status: '1', kind: 2, note: '3.5', lines: [{ qty: 1.5, code: '7' }] });
  });

  it('still refuses what is not a number or not text', () => {
    expect(lenientSafeParse(schema, { count: '12abc' }).success).toBe(false);
    expect(lenientSafeParse(schema, { count: '' }).success).toBe(false);
    expect(lenientSafeParse(schema, { checkKey: { a: 1 } }).success).toBe(false);
    expect(lenientSafeParse(schema, { status: 2 }).success).toBe(false);
  });
});
