// 理论题库: questions of three types with their options (A–F, the correct ones marked), analysis,
// difficulty, category, grade band and score; spreadsheet import (error report) and export.
import { Form, type FormInstance } from 'antd';
import { STUDENT_DICTS, type QuestionType } from '@anxue/shared';
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { studentsApi, studentsPermission } from '../common';
import { t } from '../../../../lib/i18n';
import { emptyOptions, optionsRule, QuestionOptionsEditor, type QuestionOptionDraft } from './QuestionOptionsEditor';

export interface TheoryQuestion {
  id: string;
  type: QuestionType;
  type_dictText?: string;
  stem: string;
  answer?: string | null;
  analysis?: string | null;
  difficulty: string;
  difficulty_dictText?: string;
  category?: string | null;
  category_dictText?: string;
  gradeBand?: string | null;
  gradeBand_dictText?: string;
  score: number;
  options?: QuestionOptionDraft[];
}

const ENTITY = 'theoryQuestion';

const COLUMNS: ListColumn<TheoryQuestion>[] = [
  { title: '题型', dataIndex: 'type', dict: true, width: 90 },
  { title: '题干', dataIndex: 'stem', align: 'left', ellipsis: true },
  { title: '答案', dataIndex: 'answer', width: 80 },
  { title: '难度', dataIndex: 'difficulty', dict: true, sorter: true, width: 80 },
  { title: '分类', dataIndex: 'category', dict: true, width: 100 },
  { title: '学段', dataIndex: 'gradeBand', dict: true, width: 100 },
  { title: '分值', dataIndex: 'score', sorter: true, width: 70 },
];

function OptionsSection({ form }: { form: FormInstance }) {
  const type = Form.useWatch('type', form) as QuestionType | undefined;
  return (
    <Form.Item label={t('选项')} name="options" required initialValue={emptyOptions()} rules={[optionsRule(() => form.getFieldValue('type') as QuestionType | undefined)]}>
      <QuestionOptionsEditor type={type} />
    </Form.Item>
  );
}

export default function TheoryQuestionListPage() {
  return (
    <ResourcePage<TheoryQuestion>
      title="题目"
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('理论题库')}
      superQuery={[
        { value: 'stem', text: '题干', type: 'string' },
        { value: 'type', text: '题型', type: 'string', dictCode: STUDENT_DICTS.questionType },
        { value: 'difficulty', text: '难度', type: 'string', dictCode: STUDENT_DICTS.difficulty },
        { value: 'category', text: '分类', type: 'string', dictCode: STUDENT_DICTS.category },
        { value: 'gradeBand', text: '学段', type: 'string', dictCode: STUDENT_DICTS.gradeBand },
        { value: 'score', text: '分值', type: 'int' },
        { value: 'createTime', text: '创建时间', type: 'datetime' },
      ]}
      query={[
        { name: 'stem', label: '题干', rule: 'like' },
        { name: 'type', label: '题型', widget: 'dict', dictCode: STUDENT_DICTS.questionType },
        { name: 'difficulty', label: '难度', widget: 'dict', dictCode: STUDENT_DICTS.difficulty },
        { name: 'category', label: '分类', widget: 'dict', dictCode: STUDENT_DICTS.category },
      ]}
      form={[
        { name: 'type', label: '题型', widget: 'dict', dictCode: STUDENT_DICTS.questionType, initialValue: 'single', rules: formRules.requiredSelect('题型') },
        { name: 'stem', label: '题干', widget: 'textarea', rules: formRules.required('题干', { max: 5000 }) },
        { key: 'options', section: ({ form }) => <OptionsSection form={form} /> },
        { name: 'analysis', label: '解析', widget: 'textarea', rules: formRules.length({ max: 5000 }), extra: '答题后展示给学生' },
        { name: 'difficulty', label: '难度', widget: 'dict', dictCode: STUDENT_DICTS.difficulty, initialValue: '2', rules: formRules.requiredSelect('难度') },
        { name: 'category', label: '分类', widget: 'dict', dictCode: STUDENT_DICTS.category },
        { name: 'gradeBand', label: '学段', widget: 'dict', dictCode: STUDENT_DICTS.gradeBand },
        { name: 'score', label: '分值', widget: 'number', initialValue: 1, min: 1, max: 100, rules: [{ required: true, message: '请输入分值!' }] },
      ]}
      toBody={(values) => ({
        ...values,
        options: ((values.options as QuestionOptionDraft[]) ?? []).map((o) => ({ label: o.label, content: o.content, image: o.image ?? null, isCorrect: o.isCorrect })),
      })}
    />
  );
}
