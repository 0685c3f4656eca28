// 安全技能: a skill with a cover, a summary and numbered steps with pictures.
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { CONTENT_FIELDS, CONTENT_QUERY, CONTENT_SUPER_QUERY, contentColumns, studentsApi, studentsPermission, thumbnailColumn, type ContentRow } from '../common';
import { SkillStepsEditor, stepsRule, type SkillStep } from './SkillStepsEditor';

export interface Skill extends ContentRow {
  cover?: string | null;
  summary?: string | null;
  steps?: SkillStep[];
  stepCount?: number;
}

const ENTITY = 'skill';

const COLUMNS: ListColumn<Skill>[] = [
  thumbnailColumn<Skill>('封面', 'cover'),
  { title: '技能', dataIndex: 'title', align: 'left' },
  { title: '摘要', dataIndex: 'summary', align: 'left', ellipsis: true },
  { title: '步骤', dataIndex: 'stepCount', width: 70 },
  ...contentColumns<Skill>(),
];

export default function SkillListPage() {
  return (
    <ResourcePage<Skill>
      title={t('安全技能', undefined, 'one')}
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('安全技能')}
      query={CONTENT_QUERY}
      superQuery={CONTENT_SUPER_QUERY}
      formWidth={900}
      form={[
        { name: 'title', label: '技能名称', widget: 'input', rules: formRules.required('技能名称', { max: 100 }) },
        { name: 'cover', label: '封面', widget: 'image', maxCount: 1, biz: 'students' },
        { name: 'summary', label: '摘要', widget: 'textarea', rules: formRules.length({ max: 1000 }) },
        { name: 'steps', label: '步骤', widget: 'custom', initialValue: [], rules: [stepsRule], render: () => <SkillStepsEditor /> },
        ...CONTENT_FIELDS,
      ]}
    />
  );
}
