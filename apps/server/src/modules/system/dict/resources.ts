import { z } from 'zod';
import type { RequestContext, ResourceDef, ResourceField } from '../../../core/crud';
import { ResourceError } from '../../../core/crud';

// Dictionaries and their items on the resource framework. `onChange` drops the dictionary cache; it
// runs inside the write's transaction (manage.ts drops it again once the answer is ready).

const audit: ResourceField[] = [
  { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
  { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
  { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
  { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
];

export const DICT_CODE = /^[A-Za-z0-9_.-]+$/;

/** NOT NULL columns with a default: filled on add, refused when blanked on edit. */
function defaults(row: Record<string, unknown>, mode: string, values: Record<string, { value: number; title: string }>) {
  for (const [name, { value, title }] of Object.entries(values)) {
    if (row[name] !== null) continue;
    if (mode === 'edit') throw new ResourceError(`${title}不能为空`);
    row[name] = value;
  }
}

export function dictResource(onChange: () => void): ResourceDef {
  return {
    label: '字典',
    table: 'sysDict',
    path: '/sys/dict',
    permission: 'system:dict',
    softDelete: true,
    fields: [
      { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
      { name: 'dictName', type: 'string', title: '字典名称', required: true, max: 100 },
      {
        name: 'dictCode', type: 'string', title: '字典编码', required: true, unique: true, max: 100,
        check: z.string().regex(DICT_CODE, '字典编码只能包含字母、数字、_、-、.'),
      },
      { name: 'description', type: 'string', title: '描述', max: 255 },
      { name: 'type', type: 'int', title: '字典类型', check: z.number().int().min(0, '字典类型只能是 0 或 1').max(1, '字典类型只能是 0 或 1') },
      ...audit,
    ],
    hooks: {
      async beforeSave(row, ctx, mode) {
        defaults(row, mode, { type: { value: 0, title: '字典类型' } });
        if (row.dictCode === undefined || row.dictCode === null) return;
        // A deleted dictionary keeps its code: old data may still carry it.
        const taken = await ctx.db.selectFrom('sysDict').select('id').where('dictCode', '=', row.dictCode).where('id', '<>', row.id).executeTakeFirst();
        if (taken) throw new ResourceError('字典编码已存在', 409);
      },
      afterSave: () => onChange(),
      beforeDelete: () => onChange(),
    },
  };
}

async function liveDict(ctx: RequestContext, dictId: unknown) {
  const dict = await ctx.db.selectFrom('sysDict').select('id').where('id', '=', dictId).where('delFlag', '=', 0).executeTakeFirst();
  if (!dict) throw new ResourceError('字典不存在或已删除');
}

export function dictItemResource(onChange: () => void): ResourceDef {
  return {
    label: '字典项',
    table: 'sysDictItem',
    path: '/sys/dictItem',
    permission: 'system:dictItem',
    // list is registered by manage.ts (dictId is required there); items are not imported or exported alone
    without: ['list', 'exportXls', 'importExcel'],
    defaultSort: [{ field: 'sortOrder', order: 'asc' }],
    fields: [
      { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
      { name: 'dictId', type: 'string', title: '字典', required: true, max: 32 },
      { name: 'itemText', type: 'string', title: '字典项文本', required: true, max: 100 },
      { name: 'itemValue', type: 'string', title: '字典项值', required: true, max: 100 },
      { name: 'itemColor', type: 'string', title: '颜色', max: 10 },
      { name: 'description', type: 'string', title: '描述', max: 255 },
      { name: 'sortOrder', type: 'int', title: '排序' },
      { name: 'status', type: 'int', title: '状态', check: z.number().int().min(0, '状态只能是 0 或 1').max(1, '状态只能是 0 或 1') },
      ...audit,
    ],
    hooks: {
      async beforeSave(row, ctx, mode) {
        defaults(row, mode, { sortOrder: { value: 0, title: '排序' }, status: { value: 1, title: '状态' } });
        if (row.dictId === null) throw new ResourceError('字典不能为空');
        let { dictId, itemValue } = row;
        if (dictId !== undefined) await liveDict(ctx, dictId);
        if (mode === 'edit' && (dictId === undefined || itemValue === undefined)) {
          const current = await ctx.db.selectFrom('sysDictItem').select(['dictId', 'itemValue']).where('id', '=', row.id).executeTakeFirst();
          dictId ??= current?.dictId;
          itemValue ??= current?.itemValue;
        }
        const taken = await ctx.db
          .selectFrom('sysDictItem')
          .select('id')
          .where('dictId', '=', dictId)
          .where('itemValue', '=', itemValue)
          .where('id', '<>', row.id)
          .executeTakeFirst();
        if (taken) throw new ResourceError('字典项值已存在', 409);
      },
      afterSave: () => onChange(),
      beforeDelete: () => onChange(),
    },
  };
}
