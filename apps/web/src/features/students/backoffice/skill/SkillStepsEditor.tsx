// The numbered steps of a safety skill, each a text and a picture; steps are renumbered 1…n as they
// are added, moved or removed, so the numbers saved are always the order shown.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { ImageUpload } from '../../../../components/upload';
import { t } from '../../../../lib/i18n';

export interface SkillStep {
  stepNo: number;
  content: string;
  image?: string | null;
}

const renumber = (steps: SkillStep[]) => steps.map((s, i) => ({ ...s, stepNo: i + 1 }));

export const stepsRule: Rule = {
  validator: async (_r, value: SkillStep[] | undefined) => {
    if (!value?.length) throw new Error(t('请至少添加一个步骤'));
    const blank = value.find((s) => !s.content?.trim());
    if (blank) throw new Error(t('第{n}步的内容不能为空', { n: blank.stepNo }));
  },
};

export function SkillStepsEditor({ value, onChange }: { value?: SkillStep[]; onChange?: (steps: SkillStep[]) => void }) {
  const steps = value ?? [];
  const put = (next: SkillStep[]) => onChange?.(renumber(next));
  const set = (i: number, patch: Partial<SkillStep>) => put(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: number) => {
    const next = [...steps];
    const [s] = next.splice(i, 1);
    next.splice(i + by, 0, s);
    put(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {steps.map((s, i) => (
        <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: 8, border: '1px solid #f0f0f0', borderRadius: 6 }}>
          <Tag color="blue" style={{ marginTop: 4 }}>
            {t('第{n}步', { n: s.stepNo })}
          </Tag>
          <Input.TextArea rows={3} value={s.content} placeholder={t('第{n}步怎么做', { n: s.stepNo })} maxLength={2000} onChange={(e) => set(i, { content: e.target.value })} style={{ flex: 1 }} />
          <ImageUpload value={s.image ?? ''} maxCount={1} biz="students" text={t('配图')} onChange={(v) => set(i, { image: v || null })} />
          <Space direction="vertical">
            <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('第{n}步上移', { n: s.stepNo })} onClick={() => move(i, -1)} />
            <Button size="small" icon={<ArrowDownOutlined />} disabled={i === steps.length - 1} aria-label={t('第{n}步下移', { n: s.stepNo })} onClick={() => move(i, 1)} />
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('删除第{n}步', { n: s.stepNo })} onClick={() => put(steps.filter((_x, j) => j !== i))} />
          </Space>
        </div>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => put([...steps, { stepNo: steps.length + 1, content: '', image: null }])}>
        {t('添加步骤')}
      </Button>
    </Space>
  );
}
