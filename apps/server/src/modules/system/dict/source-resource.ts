import { z } from 'zod';
import type { RequestContext, ResourceDef } from '../../../core/crud';
import { ResourceError } from '../../../core/crud';
import { introspectTables } from './catalog';
import { IDENTIFIER, isSensitiveColumn, parseFieldList, PROTECTED_TABLES } from './declarations';

// 字典数据源: the tables and columns table dictionaries, tree dictionaries and duplicate checks may
// read. Each save is checked against the real schema (introspection) and the sensitive-column rule.

async function checkDeclaration(ctx: RequestContext, tableName: string, fieldText: string | null | undefined) {
  if (PROTECTED_TABLES.has(tableName)) throw new ResourceError(`该表不允许作为字典数据源: ${tableName}`);
  // Inside the save's transaction: on SQLite the one connection is held by it.
  const table = (await introspectTables(ctx.db)).get(tableName);
  if (!table) throw new ResourceError(`数据表不存在: ${tableName}`);
  const fields = parseFieldList(fieldText);
  if (!fields.length) throw new ResourceError('可读字段不能为空');
  for (const f of fields) {
    if (!IDENTIFIER.test(f)) throw new ResourceError(`字段名不合法: ${f.slice(0, 64)}`);
    if (isSensitiveColumn(f)) throw new ResourceError(`敏感字段不允许作为字典数据源: ${f}`);
    if (!table.columns.has(f)) throw new ResourceError(`数据表 ${tableName} 中不存在字段: ${f}`);
  }
  return fields;
}

export function dictSourceResource(onChange: () => void): ResourceDef {
  return {
    label: '字典数据源',
    table: 'sysDictSource',
    path: '/sys/dictSource',
    permission: 'system:dictSource',
    without: ['exportXls', 'importExcel'],
    defaultSort: [{ field: 'tableName', order: 'asc' }],
    fields: [
      { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
      {
        name: 'tableName', type: 'string', title: '表名', required: true, unique: true, max: 64,
        check: z.string().regex(IDENTIFIER, '表名只能包含小写字母、数字和下划线，并以字母开头'),
      },
      { name: 'fields', type: 'string', title: '可读字段', required: true, max: 1000 },
      { name: 'description', type: 'string', title: '描述', max: 255 },
      { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
      { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
      { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
      { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
    ],
    hooks: {
      async beforeSave(row, ctx, mode) {
        let { tableName, fields } = row as { tableName?: string; fields?: string | null };
        if (mode === 'edit' && (tableName === undefined || fields === undefined)) {
          const current = await ctx.db.selectFrom('sysDictSource').select(['tableName', 'fields']).where('id', '=', row.id).executeTakeFirst();
          tableName ??= current?.tableName;
          fields = fields === undefined ? current?.fields : fields;
        }
        const checked = await checkDeclaration(ctx, String(tableName), fields);
        // Stored normalised on add (an edit's row is a copy: the list is re-read with the same parser).
        if (mode !== 'edit') row.fields = checked.join(',');
      },
      afterSave: () => onChange(),
      beforeDelete: () => onChange(),
    },
  };
}
