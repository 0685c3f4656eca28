import { describe, expect, it } from 'vitest';
import { firstFailure, parseRuleJson, type RulePart } from './rule-json';

function parts(rules: unknown): RulePart[] {
  const r = parseRuleJson(JSON.stringify(rules));
  if ('error' in r) throw new Error(r.error);
  return r.parts;
}

describe('check rule parts', () => {
  const letterThenFive = parts([
    { digits: '1', pattern: '[a-zA-Z]', message: '首位必须是字母' },
    { digits: '*', pattern: '[0-9]{5}', message: '字母后面必须是5位数字' },
  ]);

  it('checks consecutive slices in order and answers the first failing message', () => {
    expect(firstFailure(letterThenFive, 'A12345')).toBeNull();
    expect(firstFailure(letterThenFive, '112345')).toBe('首位必须是字母');
    expect(firstFailure(letterThenFive, 'A1234')).toBe('字母后面必须是5位数字');
    expect(firstFailure(letterThenFive, 'A123456')).toBe('字母后面必须是5位数字');
  });

  it('matches the whole slice, counts characters not bytes, and gives empty slices past the end', () => {
    const p = parts([
      { digits: 2, pattern: '[一-龥]+', message: '前两位是汉字' },
      { digits: '3', pattern: '\\d*', message: '再三位数字' },
    ]);
    expect(firstFailure(p, '安学123')).toBeNull();
    expect(firstFailure(p, '安学12x')).toBe('再三位数字');
    expect(firstFailure(p, '安x')).toBe('前两位是汉字');
    // the value ran out: the numeric part sees '' which \d* accepts
    expect(firstFailure(p, '安学')).toBeNull();
  });

  it('refuses malformed rule JSON with a clear message', () => {
    const err = (v: string) => (parseRuleJson(v) as { error: string }).error;
    expect(err('not json')).toBe('规则JSON不是有效的 JSON');
    expect(err('{}')).toBe('规则JSON应是数组');
    expect(err('[]')).toBe('规则JSON至少需要一项');
    expect(err('[{"digits":"x","pattern":"a","message":"m"}]')).toContain('规则的位数只能是 *');
    expect(err('[{"digits":"1","pattern":"(","message":"m"}]')).toBe('第1项的正则表达式不正确: (');
    expect(err(JSON.stringify([{ digits: '1', pattern: 'a'.repeat(201), message: 'm' }]))).toBe('规则的正则表达式最长200个字符');
    expect(err('[{"digits":"1","pattern":"a"}]')).toBe('规则的提示文本不能为空');
  });
});
