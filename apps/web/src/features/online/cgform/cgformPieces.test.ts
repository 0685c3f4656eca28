// The pure parts of the online form pages: rules from a field's pattern, linkage, default values, and the
// designer's merge of its tabs into one field list.
import { describe, expect, it } from 'vitest';
import type { GridRow } from '../../../components/editable-grid';
import { fieldProblems, fromStoredField, mergeTab, removedIds, standardFields, toFieldBody } from './fieldColumns';
import { fieldRules, isShown, resolveDefault, showWhenOf } from './fieldWidgets';

const check = async (rules: ReturnType<typeof fieldRules>, value: string) => {
  for (const r of rules) {
    if (typeof r === 'function') continue;
    if (r.required && !value) return r.message;
    if (r.pattern && value && !(r.pattern as RegExp).test(value)) return r.message;
  }
  return undefined;
};

describe('generated form fields', () => {
  it('turns a pattern code, a custom expression and required into form rules', async () => {
    const mobile = fieldRules({ title: '手机', view: 'text', pattern: 'm' }, true);
    expect(await check(mobile, '')).toBe('请输入手机!');
    expect(await check(mobile, '12345')).toBe('请输入正确的手机号码');
    expect(await check(mobile, '13800138000')).toBeUndefined();
    const custom = fieldRules({ title: '编号', view: 'text', pattern: '^A\\d{3}$', errorInfo: '编号格式不正确' }, false);
    expect(await check(custom, 'B12')).toBe('编号格式不正确');
    expect(await check(custom, 'A123')).toBeUndefined();
    // 'only' is the server's uniqueness check, not an expression; a select has no pattern rule
    expect(fieldRules({ title: '名', view: 'text', pattern: 'only' }, false)).toEqual([]);
    expect(fieldRules({ title: '类', view: 'list', pattern: 'n' }, true)).toEqual([{ required: true, message: '请选择类!' }]);
  });

  it('shows a linked field only while the other field holds a value (or one of the listed values)', () => {
    const any = showWhenOf({ title: 'x', view: 'text', fieldExtendJson: '{"showWhen":{"field":"kind"}}' });
    expect(isShown(any, {})).toBe(false);
    expect(isShown(any, { kind: 'a' })).toBe(true);
    const some = showWhenOf({ title: 'x', view: 'text', fieldExtendJson: '{"showWhen":{"field":"kind","values":["b"]}}' });
    expect(isShown(some, { kind: 'a' })).toBe(false);
    expect(isShown(some, { kind: 'a,b' })).toBe(true);
    expect(isShown(showWhenOf({ title: 'x', view: 'text', fieldExtendJson: 'not json' }), {})).toBe(true);
  });

  it('fills #{…} defaults from the signed-in user and the clock, and keeps fixed values', async () => {
    const user = { id: 'u1', username: 'zhang', realname: '张三', orgCode: 'A01' };
    expect(await resolveDefault('#{sysUserCode}/#{sysUserName}/#{sysOrgCode}', user, {})).toBe('zhang/张三/A01');
    expect(await resolveDefault('#{date}', user, {})).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await resolveDefault('固定值', null, {})).toBe('固定值');
  });
});

describe('designer field list', () => {
  it('keeps the other tabs’ values when 数据库属性 adds, removes and reorders fields', () => {
    const stored = [fromStoredField({ id: 'f1', dbFieldName: 'id', dbFieldTxt: '主键', dbType: 'string', isShowForm: 0 as never }), fromStoredField({ id: 'f2', dbFieldName: 'name', dbFieldTxt: '名称', dbType: 'string', fieldShowType: 'textarea' })];
    expect(stored[0].isShowForm).toBe('0');
    // the db tab answers its rows: f2 first, f1 gone, a new row
    const afterDb = mergeTab(stored, [{ ...stored[1], dbLength: 100 }, { id: '__tmp_x', dbFieldName: 'age', dbFieldTxt: '年龄', dbType: 'int' } as GridRow], true);
    expect(afterDb.map((r) => r.dbFieldName)).toEqual(['name', 'age']);
    expect(afterDb[0]).toMatchObject({ fieldShowType: 'textarea', dbLength: 100 });
    expect(afterDb[1]).toMatchObject({ isShowForm: '1', fieldShowType: 'text' });
    // a page tab edit changes only its values
    const afterPage = mergeTab(afterDb, [{ id: '__tmp_x', fieldShowType: 'list' } as GridRow], false);
    expect(afterPage[1]).toMatchObject({ dbFieldName: 'age', fieldShowType: 'list' });
    expect(removedIds(stored, afterPage)).toEqual(['f1']);
    expect(toFieldBody(afterPage[1], 1)).not.toHaveProperty('id');
    expect(toFieldBody(afterPage[0], 0)).toMatchObject({ id: 'f2', orderNum: 0 });
  });

  it('starts a new form with the standard fields and refuses bad, repeated and reserved names and two foreign keys', () => {
    expect(standardFields().map((f) => f.dbFieldName)).toEqual(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']);
    const row = (dbFieldName: string, extra: Record<string, unknown> = {}) => ({ id: dbFieldName, dbFieldName, dbFieldTxt: dbFieldName, ...extra }) as GridRow;
    expect(fieldProblems([row('name'), row('Name')])).toEqual(['字段 name 重复']);
    expect(fieldProblems([row('select')])[0]).toContain('关键字');
    expect(fieldProblems([row('1abc')])[0]).toContain('不合法');
    expect(fieldProblems([row('a_id', { mainTable: 'm', mainField: 'id' }), row('b_id', { mainTable: 'm', mainField: 'id' })])).toEqual(['外键只允许配置一个!']);
  });
});
