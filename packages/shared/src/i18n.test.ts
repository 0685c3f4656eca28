import { describe, expect, it } from 'vitest';
import { localeFromHeader, translator } from './i18n';
import { EN } from './i18n-en';

describe('i18n', () => {
  it('reads the locale of an Accept-Language header', () => {
    expect(localeFromHeader('en-US,en;q=0.9')).toBe('en-US');
    expect(localeFromHeader('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeFromHeader('fr-FR, en;q=0.5')).toBe('en-US');
    expect(localeFromHeader(undefined)).toBe('zh-CN');
    expect(localeFromHeader('en;q=0, zh')).toBe('zh-CN');
  });

  it('translates by the Chinese text, fills placeholders, and matches filled-in server messages', () => {
    const t = translator(EN);
    expect(t('用户管理')).toBe('Users');
    expect(t('请输入{label}', { label: 'Username' })).toBe('Enter Username');
    expect(t('文件导入完成，共3行，成功2行，失败1行')).toBe('Import done: 3 rows, 2 imported, 1 failed');
    // a captured label that is a known text is translated as well
    expect(t('用户账号“admin”已存在')).toBe('Username “admin” already exists');
    // one word, two meanings
    expect(t('冻结')).toBe('Frozen');
    expect(t('冻结', undefined, 'action')).toBe('Freeze');
    // unknown text stays as it is
    expect(t('没有翻译的话')).toBe('没有翻译的话');
    // a server message finds its own entry, not a short entry of the grid that also ends in 文件 or 格式不正确
    expect(t('文件 a.csv 不是 .xls 或 .xlsx 文件')).toBe('File a.csv is not an .xls or .xlsx file');
    expect(t('单价的数据格式不正确')).toMatch(/^The data of .+ is not in the right format$/);
    expect(t('{title}文件', { title: 'Photo' }, 'grid')).toBe('Photo file');
  });
});
