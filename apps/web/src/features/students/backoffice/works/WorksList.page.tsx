// 学生作品: works with their files, the author and team, review state and award; 审核 sets them.
import { useState } from 'react';
import { STUDENT_DICTS } from '@anxue/shared';
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { EntityPicker, UserPicker } from '../../../../components/pickers';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { splitPaths } from '../../../../lib/files';
import { studentsApi, studentsPermission, TITLE_QUERY } from '../common';
import { ReviewModal, type ReviewedWork } from './ReviewModal';

export interface StudentWork extends ReviewedWork {
  authorId: string;
  authorName?: string;
  teamId?: string | null;
  files?: string | null;
  description?: string | null;
  reviewStatus_dictText?: string;
  award_dictText?: string;
  reviewedBy?: string | null;
  reviewedAt?: string | null;
}

const ENTITY = 'works';
const PERM = studentsPermission(ENTITY);

const COLUMNS: ListColumn<StudentWork>[] = [
  { title: '作品', dataIndex: 'title', align: 'left' },
  { title: '作者', dataIndex: 'authorName', width: 100 },
  { title: '文件', dataIndex: 'files', width: 70, render: (v: unknown) => splitPaths(v as string | null).length },
  { title: '审核状态', dataIndex: 'reviewStatus', dict: true, width: 90 },
  { title: '奖项', dataIndex: 'award', dict: true, width: 90 },
  { title: '审核人', dataIndex: 'reviewedBy', width: 100 },
  { title: '审核时间', dataIndex: 'reviewedAt', width: 170 },
];

export default function WorksListPage() {
  const [reviewing, setReviewing] = useState<StudentWork | undefined>();
  return (
    <ResourcePage<StudentWork>
      title={t('学生作品', undefined, 'one')}
      permission={PERM}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('学生作品')}
      actionWidth={200}
      query={[TITLE_QUERY, { name: 'reviewStatus', label: '审核状态', widget: 'dict', dictCode: STUDENT_DICTS.reviewStatus }, { name: 'award', label: '奖项', widget: 'dict', dictCode: STUDENT_DICTS.award }]}
      form={[
        { name: 'title', label: '作品名称', widget: 'input', rules: formRules.required('作品名称', { max: 200 }) },
        { name: 'authorId', label: '作者', widget: 'custom', rules: formRules.requiredSelect('作者'), render: () => <UserPicker store="id" multiSelect={false} placeholder={t('请选择作者')} /> },
        {
          name: 'teamId',
          label: '队伍',
          widget: 'custom',
          render: () => (
            <EntityPicker multiple={false} listUrl="/students/competitionTeam/list" displayKey="name" queryParamCode="name" queryParamText={t('队伍')} name={t('队伍')} columns={[{ dataIndex: 'name', title: t('队伍') }]} />
          ),
        },
        { name: 'files', label: '文件', widget: 'file', maxCount: 10, biz: 'students' },
        { name: 'description', label: '说明', widget: 'textarea', rules: formRules.length({ max: 5000 }) },
      ]}
      toBody={(v) => ({ ...v, teamId: v.teamId || null })}
      rowActions={(row) => [{ key: 'review', label: t('审核'), permission: `${PERM}:review`, onClick: () => setReviewing(row) }]}
      extra={(page) => <ReviewModal work={reviewing} onClose={() => setReviewing(undefined)} onSaved={() => void page.list.reload()} />}
    />
  );
}
