// 学分规则: the credits a finished assignment earns, per kind of work, in time and late. One row per kind,
// edited only (the server keeps the tenant's row of each kind).
import { CREDIT_KIND_TEXT, CREDIT_POINTS_MAX, type CreditKind } from '@anxue/shared/credits';
import { ResourcePage, resourceApi, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { studentsPermission } from '../common';

export interface CreditRule {
  id: string;
  kind: CreditKind;
  points: number;
  latePoints: number;
  updateTime?: string | null;
}

const ENTITY = 'creditRule';
// list and edit only; no row is added or deleted (there is no such button code either)
const API = resourceApi(`/students/${ENTITY}`, ['list', 'edit', 'add']);
const kindText = (v: unknown) => t(CREDIT_KIND_TEXT[v as CreditKind] ?? String(v));

const COLUMNS: ListColumn<CreditRule>[] = [
  { title: '作业内容', dataIndex: 'kind', align: 'left', render: kindText },
  { title: '按时完成学分', dataIndex: 'points', width: 140 },
  { title: '逾期完成学分', dataIndex: 'latePoints', width: 140 },
  { title: '更新时间', dataIndex: 'updateTime', width: 180 },
];

const points = (label: string) => [...formRules.required(label), { type: 'integer' as const, min: 0, max: CREDIT_POINTS_MAX, message: t('学分必须是0到100的整数') }];

/** The rule's kind, shown in the form (never changed). */
function KindText({ value }: { value?: unknown }) {
  return <span>{kindText(value)}</span>;
}

export default function CreditRuleListPage() {
  return (
    <ResourcePage<CreditRule>
      title="学分规则"
      permission={studentsPermission(ENTITY)}
      api={API}
      columns={COLUMNS}
      defaultParams={{ pageSize: 10 }}
      selectable={false}
      actionWidth={90}
      toolbar={() => <span>{t('学生完成一份作业时，按每项内容的类型和“完成整份作业”计学分；截止后完成按逾期学分计。改动只影响以后的计分。')}</span>}
      form={[
        { name: 'kind', label: '作业内容', widget: 'custom', render: () => <KindText /> },
        { name: 'points', label: '按时完成学分', widget: 'number', min: 0, max: CREDIT_POINTS_MAX, rules: points('按时完成学分') },
        { name: 'latePoints', label: '逾期完成学分', widget: 'number', min: 0, max: CREDIT_POINTS_MAX, rules: points('逾期完成学分') },
      ]}
      formWidth={480}
      toBody={(values, record) => ({ id: record.id, points: values.points, latePoints: values.latePoints })}
    />
  );
}
