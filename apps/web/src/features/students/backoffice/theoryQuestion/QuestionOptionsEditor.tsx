// The options of a question, A to F: the text of each and which are correct — one (radio) for single
// choice and true/false, several (checkboxes) for multiple choice. A true/false question always has
// exactly 正确 and 错误. The rule below says what the server also refuses, before the form is sent.
import { useEffect } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Radio, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import type { QuestionType } from '@anxue/shared';
import { t } from '../../../../lib/i18n';

export interface QuestionOptionDraft {
  label: string;
  content: string;
  image?: string | null;
  isCorrect: boolean;
}

export const OPTION_LABELS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
/** The options of a true/false question, stored in Chinese as the server expects (shown through t()). */
const JUDGE = ['正确', '错误'];

const relabel = (options: QuestionOptionDraft[]) => options.map((o, i) => ({ ...o, label: OPTION_LABELS[i] }));
export const emptyOptions = (n = 4): QuestionOptionDraft[] => relabel(Array.from({ length: n }, () => ({ label: '', content: '', isCorrect: false })));
const judgeOptions = (): QuestionOptionDraft[] => relabel(JUDGE.map((content) => ({ label: '', content, isCorrect: false })));
const isJudgeSet = (options: QuestionOptionDraft[]) => options.length === 2 && options.map((o) => o.content).sort().join() === [...JUDGE].sort().join();

/** The options fitted to a (changed) question type; unchanged when they already fit. */
export function fitOptions(type: QuestionType | undefined, options: QuestionOptionDraft[] | undefined): QuestionOptionDraft[] {
  const list = options ?? [];
  if (type === 'judge') return isJudgeSet(list) ? list : judgeOptions();
  if (isJudgeSet(list) || list.length === 0) return emptyOptions();
  if (type === 'single' && list.filter((o) => o.isCorrect).length > 1) {
    const first = list.findIndex((o) => o.isCorrect);
    return list.map((o, i) => ({ ...o, isCorrect: i === first }));
  }
  return list;
}

/** The form rule of the options (the server's own messages). */
export function optionsRule(getType: () => QuestionType | undefined): Rule {
  return {
    validator: async (_r, value: QuestionOptionDraft[] | undefined) => {
      const options = value ?? [];
      const type = getType();
      if (options.some((o) => !o.content?.trim())) throw new Error(t('选项内容不能为空'));
      const correct = options.filter((o) => o.isCorrect).length;
      if (type === 'judge') {
        if (correct !== 1) throw new Error(t('判断题必须有且只有一个正确选项'));
        return;
      }
      if (options.length < 2 || options.length > OPTION_LABELS.length) throw new Error(type === 'multi' ? t('多选题需要2到6个选项') : t('单选题需要2到6个选项'));
      if (type === 'single' && correct !== 1) throw new Error(t('单选题必须有且只有一个正确选项'));
      if (type === 'multi' && correct < 2) throw new Error(t('多选题至少要有两个正确选项'));
    },
  };
}

export function QuestionOptionsEditor({ type, value, onChange }: { type?: QuestionType; value?: QuestionOptionDraft[]; onChange?: (v: QuestionOptionDraft[]) => void }) {
  const options = value ?? [];
  useEffect(() => {
    const fitted = fitOptions(type, value);
    if (fitted !== value) onChange?.(fitted);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type, value]);

  const judge = type === 'judge';
  const set = (i: number, patch: Partial<QuestionOptionDraft>) => onChange?.(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const markCorrect = (i: number, checked: boolean) =>
    onChange?.(options.map((o, j) => (type === 'multi' ? (j === i ? { ...o, isCorrect: checked } : o) : { ...o, isCorrect: j === i })));

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {options.map((o, i) => (
        <Space.Compact key={o.label} style={{ width: '100%' }}>
          <span style={{ width: 72, display: 'inline-flex', alignItems: 'center' }}>
            {type === 'multi' ? (
              <Checkbox checked={o.isCorrect} onChange={(e) => markCorrect(i, e.target.checked)} aria-label={t('{label} 正确', { label: o.label })}>
                {o.label}
              </Checkbox>
            ) : (
              <Radio checked={o.isCorrect} onChange={() => markCorrect(i, true)} aria-label={t('{label} 正确', { label: o.label })}>
                {o.label}
              </Radio>
            )}
          </span>
          <Input value={judge ? t(o.content, undefined, 'judge') : o.content} readOnly={judge} placeholder={t('选项{label}内容', { label: o.label })} maxLength={1000} onChange={(e) => set(i, { content: e.target.value })} />
          {!judge && (
            <Button icon={<DeleteOutlined />} disabled={options.length <= 2} aria-label={t('删除选项{label}', { label: o.label })} onClick={() => onChange?.(relabel(options.filter((_x, j) => j !== i)))} />
          )}
        </Space.Compact>
      ))}
      {!judge && options.length < OPTION_LABELS.length && (
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange?.(relabel([...options, { label: '', content: '', isCorrect: false }]))}>
          {t('添加选项')}
        </Button>
      )}
      <span style={{ color: 'rgba(0,0,0,0.45)' }}>{type === 'multi' ? t('勾选所有正确选项（至少两个）') : t('选中唯一的正确选项')}</span>
    </Space>
  );
}
