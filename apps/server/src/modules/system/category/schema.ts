import { z } from 'zod';
import { BizError } from '../../../core/errors';

const flag = (name: string) => z.enum(['true', 'false'], { error: `${name}只能是 true 或 false` });
const optionalText = (max: number, name: string) => z.string().trim().max(max, `${name}最长${max}个字符`).optional();

export const idQuery = z.object({ id: z.string({ error: '缺少id' }).trim().min(1, '缺少id').max(64) });
export const idsQuery = z.object({ ids: z.string({ error: '请选择一条记录！' }).max(70000) });
export const pidQuery = z.object({ pid: z.string({ error: '缺少pid' }).trim().min(1, '缺少pid').max(64, 'pid最长64个字符') });

export const treeRootQuery = z.object({
  async: flag('async').optional(),
  pcode: optionalText(100, 'pcode'),
});

export const treeChildrenQuery = z.object({ pid: optionalText(64, 'pid') });

export const loadOneQuery = z.object({
  field: z.enum(['code', 'id'], { error: 'field只能是 code 或 id' }),
  val: z.string({ error: '缺少val' }).trim().min(1, '缺少val').max(100, 'val最长100个字符'),
});

export const treeDataQuery = z.object({
  pid: optionalText(64, 'pid'),
  pcode: optionalText(100, 'pcode'),
  condition: optionalText(2000, 'condition'),
});

export const childBatchQuery = z.object({
  parentIds: z.string({ error: '缺少parentIds' }).trim().min(1, '缺少parentIds').max(70000, 'parentIds过长'),
});

export const allDataQuery = z.object({
  code: z.string({ error: '缺少code' }).trim().min(1, '缺少code').max(100, 'code最长100个字符').regex(/^[A-Za-z0-9_.-]+$/, '分类编码只能包含字母、数字、下划线、横线和点'),
});

export const dictItemQuery = z.object({
  ids: z.string().max(70000, 'ids过长').optional(),
  delNotExist: flag('delNotExist').optional(),
});

/** Ids from a comma list, trimmed, at most 1000. */
export function splitIds(raw: string | undefined): string[] {
  const ids = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length > 1000) throw new BizError('一次最多1000个id');
  return ids;
}
