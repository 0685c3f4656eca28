// 试卷管理: a fixed list of questions (each with its score, in order) or rules the paper is drawn by;
// time limit, open and close time, pass score, attempts, which score counts, partial credit.
import { useEffect } from 'react';
import { Form, InputNumber, Radio, type FormInstance } from 'antd';
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { studentsApi, studentsPermission, TITLE_QUERY } from '../common';
import { PaperQuestionsEditor, paperQuestionsRule, type PaperQuestionDraft } from './PaperQuestionsEditor';
import { PaperRulesEditor, paperRulesRule, rulesTotal, type PaperRuleDraft } from './PaperRulesEditor';

export interface Paper {
  id: string;
  title: string;
  description?: string | null;
  mode: 'fixed' | 'rule';
  timeLimitMinutes?: number;
  openTime?: string | null;
  closeTime?: string | null;
  passScore?: number;
  maxAttempts?: number;
  scoreRule?: 'best' | 'last';
  partialCredit?: number;
  shuffleOptions?: number;
  published?: number;
  totalScore?: number;
  questionCount?: number;
  questions?: PaperQuestionDraft[];
  rules?: PaperRuleDraft[];
}

const ENTITY = 'paper';
/** Chinese, shown through t() where rendered. */
const MODE_NAMES = { fixed: '固定试题', rule: '按规则抽题' };

const COLUMNS: ListColumn<Paper>[] = [
  { title: '试卷', dataIndex: 'title', align: 'left' },
  { title: '组卷方式', dataIndex: 'mode', width: 110, render: (m: Paper['mode']) => (MODE_NAMES[m] ? t(MODE_NAMES[m]) : m) },
  { title: '题数', dataIndex: 'questionCount', width: 70 },
  { title: '总分', dataIndex: 'totalScore', width: 70 },
  { title: '及格分', dataIndex: 'passScore', width: 80 },
  { title: '限时', dataIndex: 'timeLimitMinutes', width: 80, render: (v: unknown) => (Number(v) > 0 ? t('{n}分钟', { n: String(v) }) : t('不限')) },
  { title: '开放时间', dataIndex: 'openTime', width: 170 },
  { title: '关闭时间', dataIndex: 'closeTime', width: 170 },
  { title: '已发布', dataIndex: 'published', width: 80, render: (v: unknown) => (Number(v) === 1 ? t('是') : t('否')) },
];

function QuestionsSection({ form }: { form: FormInstance }) {
  const mode = Form.useWatch('mode', form) as Paper['mode'] | undefined;
  if (mode === 'rule') {
    return (
      <Form.Item label={t('组卷规则')} name="rules" required initialValue={[]} rules={[paperRulesRule]} extra={t('每次作答按规则从题库随机抽题，题目不重复')}>
        <PaperRulesEditor />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={t('试题')} name="questions" required initialValue={[]} rules={[paperQuestionsRule]}>
      <PaperQuestionsEditor />
    </Form.Item>
  );
}

/** The paper's total as the form stands. */
function usePaperTotal(form: FormInstance): number {
  const mode = Form.useWatch('mode', form) as Paper['mode'] | undefined;
  const questions = Form.useWatch('questions', form) as PaperQuestionDraft[] | undefined;
  const rules = Form.useWatch('rules', form) as PaperRuleDraft[] | undefined;
  return mode === 'rule' ? rulesTotal(rules) : (questions ?? []).reduce((s, q) => s + (Number(q.score) || 0), 0);
}

/** 60 % of the total, rounded up: the server's default too. */
export const defaultPassScore = (total: number) => Math.ceil((total * 60) / 100);

/** The total the pass score is measured against. */
function TotalScore({ form }: { form: FormInstance }) {
  const total = usePaperTotal(form);
  return (
    <Form.Item label={t('总分')}>
      <b aria-label={t('试卷总分')}>{total}</b> {t('分')}
    </Form.Item>
  );
}

/**
 * A new paper's pass mark follows its total until the editor types one (a fixed default would not fit
 * a small paper); an edited paper keeps its stored mark. Touched state is cleared when the dialog
 * opens again, so each new paper starts following.
 */
function PassScore({ form, isEdit }: { form: FormInstance; isEdit: boolean }) {
  const total = usePaperTotal(form);
  Form.useWatch('passScore', form);
  const follows = !isEdit && !form.isFieldTouched('passScore');
  useEffect(() => {
    if (follows) form.setFieldValue('passScore', defaultPassScore(total));
  }, [follows, total, form]);
  return (
    <Form.Item
      label={t('及格分')}
      name="passScore"
      extra={follows ? t('默认为总分的60%（向上取整），随试题和分值变化；填写后以所填为准') : undefined}
      rules={[
        {
          validator: (_, v: unknown) =>
            v !== null && v !== undefined && v !== '' && Number(v) > total ? Promise.reject(new Error(t('及格分不能高于总分（{total}分）', { total: String(total) }))) : Promise.resolve(),
        },
      ]}
    >
      <InputNumber style={{ width: '100%' }} min={0} placeholder={t('请输入{label}', { label: t('及格分') })} />
    </Form.Item>
  );
}

export default function PaperListPage() {
  return (
    <ResourcePage<Paper>
      title="试卷"
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      query={[TITLE_QUERY]}
      formWidth={1000}
      form={[
        { name: 'title', label: '试卷名称', widget: 'input', rules: formRules.required('试卷名称', { max: 200 }) },
        { name: 'description', label: '说明', widget: 'textarea', rules: formRules.length({ max: 1000 }) },
        {
          name: 'mode',
          label: '组卷方式',
          widget: 'custom',
          initialValue: 'fixed',
          render: () => <Radio.Group optionType="button" options={Object.entries(MODE_NAMES).map(([value, label]) => ({ value, label: t(label) }))} />,
        },
        { key: 'questions', section: ({ form }) => <QuestionsSection form={form} /> },
        { key: 'total', section: ({ form }) => <TotalScore form={form} /> },
        { key: 'passScore', section: ({ form, isEdit }) => <PassScore form={form} isEdit={isEdit} /> },
        { name: 'timeLimitMinutes', label: '限时(分钟)', widget: 'number', min: 0, initialValue: 0, extra: '0 表示不限时；计时以服务器为准，到时自动交卷' },
        { name: 'openTime', label: '开放时间', widget: 'datetime' },
        { name: 'closeTime', label: '关闭时间', widget: 'datetime' },
        { name: 'maxAttempts', label: '可考次数', widget: 'number', min: 0, initialValue: 0, extra: '0 表示不限次数' },
        {
          name: 'scoreRule',
          label: '计分方式',
          widget: 'select',
          initialValue: 'best',
          options: [
            { value: 'best', label: '取最高分' },
            { value: 'last', label: '取最后一次' },
          ],
        },
        { name: 'partialCredit', label: '多选题部分得分', widget: 'switch', initialValue: 0, extra: '开启后多选题选对一部分（且没有选错）按比例得分' },
        { name: 'shuffleOptions', label: '打乱选项', widget: 'switch', initialValue: 1 },
        { name: 'published', label: '发布', widget: 'switch', initialValue: 0 },
      ]}
      toBody={(values) => {
        const { questions, rules, ...rest } = values as Record<string, unknown> & { questions?: PaperQuestionDraft[]; rules?: PaperRuleDraft[] };
        return rest.mode === 'rule'
          ? { ...rest, rules: (rules ?? []).map((r) => ({ category: r.category || null, type: r.type || null, difficulty: r.difficulty || null, questionCount: r.questionCount, score: r.score })) }
          : { ...rest, questions: (questions ?? []).map((q) => ({ questionId: q.questionId, score: q.score })) };
      }}
    />
  );
}
