import { describe, expect, it } from 'vitest';
import { checkPasswordChange, checkPattern, checkUsername, FORM_PATTERNS } from './validation';
import { greeting, documentTitle } from './constants';

describe('form patterns', () => {
  it.each([
    ['mobile', '13812345678', true],
    ['mobile', '12812345678', false],
    ['mobile', '1381234567', false],
    ['email', 'a.b@example.cn', true],
    ['email', 'a@b', false],
    ['naturalNumber', '0', true],
    ['naturalNumber', '012', false],
    ['bankCard', '6222021234567890', true],
    ['bankCard', '0222021234', false],
    ['nationalId', '11010519491231002X', true],
    ['nationalId', '1101051949123100', false],
    ['qq', '12345', true],
    ['qq', '1234', false],
    ['url', 'https://example.cn/a', true],
    ['url', 'ftp://example.cn', false],
    ['zhEnSpace', '张三 Li', true],
    ['zhEnSpace', '张', false],
    ['alnum20', 'abc123', true],
    ['alnum20', 'abc-123', false],
  ] as const)('%s %s → %s', (name, value, ok) => {
    expect(checkPattern(name, value)).toBe(ok ? undefined : FORM_PATTERNS[name].message);
  });

  it('lets empty values through: required is its own rule', () => {
    expect(checkPattern('mobile', '')).toBeUndefined();
  });

  it('checks usernames in the order the original reports', () => {
    expect(checkUsername('')).toBe('请输入用户名');
    expect(checkUsername('ab-cd')).toBe('只允许字母、数字、下划线');
    expect(checkUsername('abc')).toBe('长度6到18个字符');
    expect(checkUsername('abcd')).toBeUndefined();
  });

  it('gives every change-password message', () => {
    expect(checkPasswordChange({})).toEqual({
      oldpassword: '请输入旧密码!',
      password: '请输入新密码!',
      confirmpassword: '请确认新密码!',
    });
    expect(checkPasswordChange({ oldpassword: 'x', password: 'abcdefgh', confirmpassword: 'abcdefgX' })).toEqual({
      confirmpassword: '两次输入的密码不一样！',
    });
    expect(checkPasswordChange({ oldpassword: 'x', password: 'abcdefgh', confirmpassword: 'abcdefgh' })).toEqual({});
  });
});

describe('greeting and title', () => {
  it.each([
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [19, '下午好'],
    [20, '晚上好'],
  ])('hour %i → %s', (h, text) => {
    expect(greeting(new Date(2026, 0, 1, h, 30))).toBe(text);
  });

  it('titles pages "<page> · <product>" and the home page with the product alone', () => {
    expect(documentTitle('安学云', '用户管理')).toBe('用户管理 · 安学云');
    expect(documentTitle('安学云', '首页', true)).toBe('安学云');
  });
});
