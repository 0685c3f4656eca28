import { z } from 'zod';
import type { RequestContext, ResourceDef } from '../../../core/crud';
import { ResourceError } from '../../../core/crud';
import { introspectTables } from './catalog';
import { IDENTIFIER, isPersonalColumn, isSecretColumn, parseFieldList, PERMISSION_CODE, PROTECTED_TABLES } from './declarations';

// 字典数据源: the tables and columns table dictionaries, tree dictionaries and duplicate checks may
// read. Each save is checked against the real schema (introspection) and the sensitive-column rules:
// secrets are never declared; personal data (phone, e-mail, ID numbers…) and any column listed under
// 敏感字段 are never read by a dictionary, and only holders of one of 敏感校验权限 may duplicate-check them.

interface Declared {
  fields: string[];
  sensitiveFields: string[];
  sensitivePerms: string[];
}

async function checkDeclaration(
  ctx: RequestContext,
  tableName: string,
  text: { fields: string | null | undefined; sensitiveFields: string | null | undefined; sensitivePerms: string | null | undefined },
): Promise<Declared> {
  if (PROTECTED_TABLES.has(tableName)) throw new ResourceError(`该表不允许作为字典数据源: ${tableName}`);
  // Inside the save's transaction: on SQLite the one connection is held by it.
  const table = (await introspectTables(ctx.db)).get(tableName);
  if (!table) throw new ResourceError(`数据表不存在: ${tableName}`);
  const fields = parseFieldList(text.fields);
  const sensitiveFields = parseFieldList(text.sensitiveFields);
  const sensitivePerms = parseFieldList(text.sensitivePerms);
  if (!fields.length) throw new ResourceError('可读字段不能为空');
  const exists = (f: string) => {
    if (!IDENTIFIER.test(f)) throw new ResourceError(`字段名不合法: ${f.slice(0, 64)}`);
    if (isSecretColumn(f)) throw new ResourceError(`敏感字段不允许作为字典数据源: ${f}`);
    if (!table.columns.has(f)) throw new ResourceError(`数据表 ${tableName} 中不存在字段: ${f}`);
  };
  for (const f of fields) {
    exists(f);
    if (isPersonalColumn(f)) throw new ResourceError(`个人信息字段不能作为可读字段（可填入敏感字段）: ${f}`);
    if (sensitiveFields.includes(f)) throw new ResourceError(`字段不能既可读又敏感: ${f}`);
  }
  for (const f of sensitiveFields) exists(f);
  for (const c of sensitivePerms) if (!PERMISSION_CODE.test(c)) throw new ResourceError(`权限编码不合法: ${c.slice(0, 100)}`);
  return { fields, sensitiveFields, sensitivePerms };
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
      { name: 'sensitiveFields', type: 'string', title: '敏感字段', max: 1000 },
      { name: 'sensitivePerms', type: 'string', title: '敏感校验权限', max: 500 },
      { name: 'description', type: 'string', title: '描述', max: 255 },
      { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
      { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
      { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
      { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
    ],
    hooks: {
      async beforeSave(row, ctx, mode) {
        const r = row as { tableName?: string; fields?: string | null; sensitiveFields?: string | null; sensitivePerms?: string | null };
        let { tableName, fields, sensitiveFields, sensitivePerms } = r;
        if (mode === 'edit' && [tableName, fields, sensitiveFields, sensitivePerms].includes(undefined)) {
          const current = await ctx.db
            .selectFrom('sysDictSource')
            .select(['tableName', 'fields', 'sensitiveFields', 'sensitivePerms'])
            .where('id', '=', row.id)
            .executeTakeFirst();
          tableName ??= current?.tableName;
          if (fields === undefined) fields = current?.fields;
          if (sensitiveFields === undefined) sensitiveFields = current?.sensitiveFields;
          if (sensitivePerms === undefined) sensitivePerms = current?.sensitivePerms;
        }
        const checked = await checkDeclaration(ctx, String(tableName), { fields, sensitiveFields, sensitivePerms });
        // Stored normalised on add (an edit's row is a copy: the lists are re-read with the same parser).
        if (mode !== 'edit') {
          row.fields = checked.fields.join(',');
          row.sensitiveFields = checked.sensitiveFields.join(',') || null;
          row.sensitivePerms = checked.sensitivePerms.join(',') || null;
        }
      },
      afterSave: () => onChange(),
      beforeDelete: () => onChange(),
    },
  };
}
