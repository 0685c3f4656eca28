import { z } from 'zod';

// Input of the dictionary read endpoints. Shapes only: what a name may refer to is decided against
// the declarations (table-source.ts).

const dictRef = z.string().min(1, '字典Code不能为空!').max(1000, '字典Code过长');

/** A plain dictionary code or the table form `table,text,code[,condition]`. */
export const dictCodeParams = z.object({ code: dictRef });
export const dictParams = z.object({ dict: dictRef });

export const MAX_KEYS = 500;

export const loadDictItemQuery = z.object({
  key: z.string({ error: 'key 只能出现一次' }).max(20_000, 'key 过长').optional(),
});

const PAGE_SIZE_MESSAGE = 'pageSize 必须是正整数';
export const loadDictQuery = z.object({
  keyword: z.string({ error: 'keyword 只能出现一次' }).max(100, '关键字最长100个字符').optional(),
  pageNo: z.string().optional(),
  pageSize: z
    .preprocess((v) => (v === undefined || v === '' ? 10 : typeof v === 'string' ? Number(v) : v), z.number({ error: PAGE_SIZE_MESSAGE }).int(PAGE_SIZE_MESSAGE).min(1, PAGE_SIZE_MESSAGE))
    .transform((n) => Math.min(n, 100)),
});

const name = (label: string) => z.string({ error: `${label}只能出现一次` }).max(64, `${label}最长64个字符`);
const requiredName = (label: string) => z.string({ error: `${label}不能为空` }).min(1, `${label}不能为空`).max(64, `${label}最长64个字符`);

export const loadTreeDataQuery = z.object({
  pid: z.string({ error: 'pid 只能出现一次' }).max(100, 'pid 过长').optional(),
  tableName: requiredName('表名'),
  text: requiredName('显示字段'),
  code: requiredName('存储字段'),
  pidField: name('父级字段').optional(),
  hasChildField: name('是否有子节点字段').optional(),
  condition: z.string({ error: 'condition 只能出现一次' }).max(2000, 'condition 过长').optional(),
});
