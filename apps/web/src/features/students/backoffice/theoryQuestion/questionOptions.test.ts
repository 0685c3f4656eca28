import { describe, expect, it } from 'vitest';
import { emptyOptions, fitOptions, optionsRule, type QuestionOptionDraft } from './QuestionOptionsEditor';

const opts = (spec: string): QuestionOptionDraft[] => spec.split(' ').map((s, i) => ({ label: 'ABCDEF'[i], content: s.replace('*', ''), isCorrect: s.endsWith('*') }));
const check = (type: 'single' | 'multi' | 'judge', value: QuestionOptionDraft[]) =>
  (optionsRule(() => type) as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

describe('question options by type', () => {
  it('a true/false question always has 正确 and 错误; leaving it gives four empty options', () => {
    expect(fitOptions('judge', emptyOptions()).map((o) => o.content)).toEqual(['正确', '错误']);
    const stored = opts('错误* 正确');
    expect(fitOptions('judge', stored)).toBe(stored);
    expect(fitOptions('multi', opts('正确 错误*'))).toEqual(emptyOptions());
  });

  it('multiple correct answers shrink to the first when the question becomes single choice; otherwise options are kept', () => {
    expect(fitOptions('single', opts('甲* 乙 丙* 丁')).map((o) => o.isCorrect)).toEqual([true, false, false, false]);
    const multi = opts('甲* 乙 丙* 丁');
    expect(fitOptions('multi', multi)).toBe(multi);
  });

  it('the form rule says what the server refuses', async () => {
    await expect(check('single', opts('甲 乙'))).rejects.toThrow('单选题必须有且只有一个正确选项');
    await expect(check('multi', opts('甲* 乙 丙'))).rejects.toThrow('多选题至少要有两个正确选项');
    await expect(check('multi', [...opts('甲* 乙*'), { label: 'C', content: ' ', isCorrect: false }])).rejects.toThrow('选项内容不能为空');
    await expect(check('single', opts('甲*'))).rejects.toThrow('单选题需要2到6个选项');
    await expect(check('judge', opts('正确 错误'))).rejects.toThrow('判断题必须有且只有一个正确选项');
    await expect(check('multi', opts('甲* 乙 丙*'))).resolves.toBeUndefined();
  });
});
