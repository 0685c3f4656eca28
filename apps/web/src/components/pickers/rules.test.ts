import { describe, expect, it } from 'vitest';
import { MESSAGES } from './constants';
import { TtlCache } from './popupApi';
import { checkPopupConfig, mapRows, parseSorter, selectionError, selfParams } from './popupConfig';
import { toQuery } from './PopupQueryForm';
import { parseFieldExtend, splitValues, textsFor, truncate } from './values';

describe('picker value helpers', () => {
  it('splits comma lists, dropping blanks', () => {
    expect(splitValues(' a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitValues(undefined)).toEqual([]);
  });

  it('cuts long texts with an ellipsis', () => {
    expect(truncate('一二三', 3)).toBe('一二三');
    expect(truncate('一二三四', 3)).toBe('一二三...');
  });

  it('reads fieldExtendJson overrides from a string or an object, ignoring anything unreadable', () => {
    expect(parseFieldExtend('{"store":"id","text":"username","multiSelect":false}')).toEqual({ store: 'id', text: 'username', multiSelect: false });
    expect(parseFieldExtend({ text: 'workNo' })).toEqual({ text: 'workNo' });
    expect(parseFieldExtend('not json')).toEqual({});
    expect(parseFieldExtend('[1]')).toEqual({});
    expect(parseFieldExtend('{"store":5}')).toEqual({});
  });

  it('shows a value without a known record as itself', () => {
    expect(textsFor(['a', 'x'], [{ username: 'a', realname: '甲' }], 'username', 'realname')).toEqual(['甲', 'x']);
  });
});

describe('popup rules', () => {
  it('requires code, source and target fields, in equal numbers', () => {
    expect(checkPopupConfig('', 'a', 'b')).toEqual({ error: MESSAGES.popupBadConfig });
    expect(checkPopupConfig('r', ' ', 'b')).toEqual({ error: MESSAGES.popupBadConfig });
    expect(checkPopupConfig('r', 'a', undefined)).toEqual({ error: MESSAGES.popupBadConfig });
    expect(checkPopupConfig('r', 'a,b', 'x')).toEqual({ error: MESSAGES.popupCountMismatch });
    expect(checkPopupConfig('r', 'a,b', 'x,y')).toEqual({ orgFields: ['a', 'b'], destFields: ['x', 'y'] });
  });

  it("reads the sorter 'column=asc|desc' and flags anything else", () => {
    expect(parseSorter(undefined)).toBeUndefined();
    expect(parseSorter('createTime=DESC')).toEqual({ column: 'createTime', order: 'desc' });
    expect(parseSorter('createTime')).toBe('invalid');
    expect(parseSorter('a=up')).toBe('invalid');
    expect(parseSorter("a;drop=asc")).toBe('invalid');
  });

  it('refuses a submit with nothing chosen, or with more than one in single mode', () => {
    expect(selectionError(0, true)).toBe('请选择一条记录');
    expect(selectionError(0, false)).toBe('请选择一条记录');
    expect(selectionError(2, false)).toBe('请选择一条记录');
    expect(selectionError(1, false)).toBeUndefined();
    expect(selectionError(3, true)).toBeUndefined();
  });

  it('maps source fields to target fields, comma-joining several rows', () => {
    const rows = [{ u: 'a', n: '甲' }, { u: 'b', n: null }];
    expect(mapRows(rows, { orgFields: ['u', 'n'], destFields: ['user', 'name'] })).toEqual({ user: 'a,b', name: '甲,' });
  });

  it('sends param as self_ parameters, skipping empty ones', () => {
    expect(selfParams({ sex: 1, org: '', x: null })).toEqual({ self_sex: '1' });
  });

  it('builds the getData query: contains for text, exact for dictionaries, begin/end for ranges', () => {
    const items = [
      { field: 'name', label: '名称', type: 'string' },
      { field: 'sex', label: '性别', dictCode: 'sex' },
      { field: 'age', label: '年龄', mode: 'range' as const, type: 'int' },
    ];
    expect(toQuery({ name: ' li ', sex: '2', age_begin: '3', age_end: '' }, items)).toEqual({ name: '*li*', sex: '2', age_begin: '3' });
  });

  it('keeps an answer 30 s and forgets failures', async () => {
    let now = 0;
    const cache = new TtlCache(30_000);
    cache.now = () => now;
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now = 29_999;
    expect(await cache.get('k', load)).toBe(1);
    now = 30_000;
    expect(await cache.get('k', load)).toBe(2);
    await expect(cache.get('bad', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await Promise.resolve();
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
  });
});
