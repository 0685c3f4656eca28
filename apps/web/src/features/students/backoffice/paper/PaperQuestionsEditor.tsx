// A fixed paper's questions, in order, each with its score: picked from the question bank (a question
// only once), reordered, rescored or removed.
import { useState } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Table } from 'antd';
import type { Rule } from 'antd/es/form';
import { EntityPickerModal } from '../../../../components/pickers';
import { t } from '../../../../lib/i18n';

export interface PaperQuestionDraft {
  questionId: string;
  score: number;
  stem?: string;
  type?: string;
}

/** Chinese, shown through t() where rendered. */
export const QUESTION_TYPE_NAMES: Record<string, string> = { single: '单选题', multi: '多选题', judge: '判断题' };

export const paperQuestionsRule: Rule = {
  validator: async (_r, value: PaperQuestionDraft[] | undefined) => {
    if (!value?.length) throw new Error(t('请从题库选择题目'));
    if (value.some((q) => !q.score || q.score < 1)) throw new Error(t('每题分值至少为1'));
  },
};

interface BankRow {
  id: string;
  stem: string;
  type: string;
  score?: number;
  [key: string]: unknown;
}

export function PaperQuestionsEditor({ value, onChange }: { value?: PaperQuestionDraft[]; onChange?: (v: PaperQuestionDraft[]) => void }) {
  const rows = value ?? [];
  const [picking, setPicking] = useState(false);
  const set = (i: number, score: number) => onChange?.(rows.map((q, j) => (j === i ? { ...q, score } : q)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [q] = next.splice(i, 1);
    next.splice(i + by, 0, q);
    onChange?.(next);
  };
  const total = rows.reduce((s, q) => s + (Number(q.score) || 0), 0);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          {t('从题库选题')}
        </Button>
        <span>
          {t('共 {n} 题，总分', { n: rows.length })} <b>{total}</b> {t('分')}
        </span>
      </Space>
      <Table<PaperQuestionDraft>
        size="small"
        rowKey="questionId"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '#', key: 'no', width: 50, render: (_v, _r, i) => i + 1 },
          { title: t('题干'), dataIndex: 'stem', ellipsis: true },
          { title: t('题型'), dataIndex: 'type', width: 80, render: (type: string) => (QUESTION_TYPE_NAMES[type] ? t(QUESTION_TYPE_NAMES[type]) : type) },
          {
            title: t('分值'),
            key: 'score',
            width: 100,
            render: (_v, q, i) => <InputNumber size="small" min={1} max={100} value={q.score} aria-label={t('第{n}题分值', { n: i + 1 })} onChange={(v) => set(i, Number(v) || 0)} />,
          },
          {
            title: t('操作'),
            key: 'op',
            width: 120,
            render: (_v, _q, i) => (
              <Space size={4}>
                <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('上移')} onClick={() => move(i, -1)} />
                <Button size="small" icon={<ArrowDownOutlined />} disabled={i === rows.length - 1} aria-label={t('下移')} onClick={() => move(i, 1)} />
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('移除')} onClick={() => onChange?.(rows.filter((_x, j) => j !== i))} />
              </Space>
            ),
          },
        ]}
      />
      <EntityPickerModal<BankRow>
        open={picking}
        title={t('选择题目')}
        listUrl="/students/theoryQuestion/list"
        valueKey="id"
        displayKey="stem"
        queryParamCode="stem"
        queryParamText={t('题干')}
        columns={[
          { dataIndex: 'stem', title: t('题干') },
          { dataIndex: 'type_dictText', title: t('题型'), width: 80 },
          { dataIndex: 'difficulty_dictText', title: t('难度'), width: 70 },
          { dataIndex: 'category_dictText', title: t('分类'), width: 90 },
        ]}
        initialRows={[]}
        onCancel={() => setPicking(false)}
        onOk={(picked) => {
          setPicking(false);
          const have = new Set(rows.map((q) => q.questionId));
          const added = picked.filter((p) => !have.has(p.id)).map((p) => ({ questionId: p.id, score: Number(p.score) || 1, stem: p.stem, type: p.type }));
          onChange?.([...rows, ...added]);
        }}
      />
    </Space>
  );
}
