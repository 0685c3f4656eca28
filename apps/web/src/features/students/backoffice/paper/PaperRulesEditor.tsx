// A rule paper's rules: each draws so many questions of a category / type / difficulty (blank = any)
// at a score each; the server checks the bank can fill all rules together without repeats.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Table } from 'antd';
import type { Rule } from 'antd/es/form';
import { STUDENT_DICTS } from '@anxue/shared';
import { DictSelect } from '../../../../components/dict/DictSelect';
import { t } from '../../../../lib/i18n';

export interface PaperRuleDraft {
  category?: string | null;
  type?: string | null;
  difficulty?: string | null;
  questionCount: number;
  score: number;
}

export const paperRulesRule: Rule = {
  validator: async (_r, value: PaperRuleDraft[] | undefined) => {
    if (!value?.length) throw new Error(t('按规则抽题的试卷至少要有一条规则'));
    const i = value.findIndex((r) => !(r.questionCount >= 1) || !(r.score >= 1));
    if (i >= 0) throw new Error(t('第{n}条规则的题数和每题分值至少为1', { n: i + 1 }));
  },
};

export const rulesTotal = (rules: PaperRuleDraft[] | undefined) => (rules ?? []).reduce((s, r) => s + (Number(r.questionCount) || 0) * (Number(r.score) || 0), 0);

export function PaperRulesEditor({ value, onChange }: { value?: PaperRuleDraft[]; onChange?: (v: PaperRuleDraft[]) => void }) {
  const rows = value ?? [];
  const set = (i: number, patch: Partial<PaperRuleDraft>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const dict = (i: number, field: 'category' | 'type' | 'difficulty', code: string, label: string) => (
    <DictSelect
      dictCode={code}
      value={rows[i][field] ?? undefined}
      placeholder={t('任意{label}', { label: t(label).toLowerCase() })}
      aria-label={t('第{n}条{label}', { n: i + 1, label: t(label) })}
      style={{ width: '100%' }}
      onChange={(v: string | undefined) => set(i, { [field]: v ?? null })}
    />
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<PaperRuleDraft>
        size="small"
        rowKey={(_r) => String(rows.indexOf(_r))}
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('分类'), key: 'category', render: (_v, _r, i) => dict(i, 'category', STUDENT_DICTS.category, '分类') },
          { title: t('题型'), key: 'type', width: 120, render: (_v, _r, i) => dict(i, 'type', STUDENT_DICTS.questionType, '题型') },
          { title: t('难度'), key: 'difficulty', width: 110, render: (_v, _r, i) => dict(i, 'difficulty', STUDENT_DICTS.difficulty, '难度') },
          {
            title: t('题数'),
            key: 'questionCount',
            width: 90,
            render: (_v, r, i) => <InputNumber size="small" min={1} value={r.questionCount} aria-label={t('第{n}条{label}', { n: i + 1, label: t('题数') })} onChange={(v) => set(i, { questionCount: Number(v) || 0 })} />,
          },
          {
            title: t('每题分值'),
            key: 'score',
            width: 90,
            render: (_v, r, i) => <InputNumber size="small" min={1} max={100} value={r.score} aria-label={t('第{n}条{label}', { n: i + 1, label: t('每题分值') })} onChange={(v) => set(i, { score: Number(v) || 0 })} />,
          },
          { title: t('小计'), key: 'sum', width: 70, render: (_v, r) => (Number(r.questionCount) || 0) * (Number(r.score) || 0) },
          {
            title: '',
            key: 'op',
            width: 50,
            render: (_v, _r, i) => <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('删除第{n}条规则', { n: i + 1 })} onClick={() => onChange?.(rows.filter((_x, j) => j !== i))} />,
          },
        ]}
      />
      <Space>
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange?.([...rows, { category: null, type: null, difficulty: null, questionCount: 5, score: 2 }])}>
          {t('添加规则')}
        </Button>
        <span>
          {t('共 {n} 题，总分', { n: rows.reduce((s, r) => s + (Number(r.questionCount) || 0), 0) })} <b>{rulesTotal(rows)}</b> {t('分')}
        </span>
      </Space>
    </Space>
  );
}
