// 竞赛队伍: teams with a captain and members, their score (sum of points) and 加分.
import { useState } from 'react';
import { EntityPicker } from '../../../../components/pickers';
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { studentsApi, studentsPermission, thumbnailColumn } from '../common';
import { AddScoreModal } from './AddScoreModal';
import { membersRule, TeamMembersEditor, type TeamMemberDraft } from './TeamMembersEditor';

export interface CompetitionTeam {
  id: string;
  name: string;
  slogan?: string | null;
  logo?: string | null;
  classId?: string | null;
  activityId?: string | null;
  score?: number;
  memberCount?: number;
  members?: TeamMemberDraft[];
}

const ENTITY = 'competitionTeam';
const PERM = studentsPermission(ENTITY);

const COLUMNS: ListColumn<CompetitionTeam>[] = [
  thumbnailColumn<CompetitionTeam>('队徽', 'logo'),
  { title: '队伍', dataIndex: 'name', align: 'left', sorter: true },
  { title: '口号', dataIndex: 'slogan', ellipsis: true },
  { title: '人数', dataIndex: 'memberCount', width: 70 },
  { title: '队伍得分', dataIndex: 'score', width: 90 },
];

export default function CompetitionTeamListPage() {
  const [scoring, setScoring] = useState<CompetitionTeam | undefined>();
  return (
    <ResourcePage<CompetitionTeam>
      title={t('竞赛队伍', undefined, 'one')}
      permission={PERM}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('竞赛队伍')}
      query={[{ name: 'name', label: '队伍', rule: 'like' }]}
      actionWidth={200}
      form={[
        { name: 'name', label: '队伍名称', widget: 'input', rules: formRules.required('队伍名称', { max: 100 }) },
        { name: 'slogan', label: '口号', widget: 'input', rules: formRules.length({ max: 200 }) },
        { name: 'logo', label: '队徽', widget: 'image', maxCount: 1, biz: 'students' },
        {
          name: 'classId',
          label: '班级',
          widget: 'custom',
          render: () => (
            <EntityPicker multiple={false} listUrl="/students/class/list" params={{ archived: 0 }} displayKey="name" queryParamCode="name" queryParamText={t('班级')} name={t('班级')} columns={[{ dataIndex: 'name', title: t('班级') }]} />
          ),
        },
        {
          name: 'activityId',
          label: '竞赛活动',
          widget: 'custom',
          extra: '只计这个活动的测验和隐患排查；不选则计全部',
          render: () => (
            <EntityPicker multiple={false} listUrl="/students/activity/list" displayKey="title" queryParamCode="title" queryParamText={t('活动')} name={t('专题活动')} columns={[{ dataIndex: 'title', title: t('活动') }]} />
          ),
        },
        { name: 'members', label: '队员', widget: 'custom', initialValue: [], rules: [membersRule], extra: '一名学生只能加入一支队伍', render: () => <TeamMembersEditor /> },
      ]}
      toBody={(v) => ({ ...v, classId: v.classId || null, activityId: v.activityId || null, members: ((v.members as TeamMemberDraft[]) ?? []).map((m) => ({ userId: m.userId, memberRole: m.memberRole })) })}
      rowActions={(row) => [{ key: 'score', label: t('加分'), permission: `${PERM}:score`, onClick: () => setScoring(row) }]}
      extra={(page) => <AddScoreModal team={scoring} onClose={() => setScoring(undefined)} onSaved={() => void page.list.reload()} />}
    />
  );
}
