// 队员成绩: every member of every team with the team's name and the member's points; list and export.
import { ResourcePage, resourceApi, type ListColumn } from '../../../../components/list-page';
import { studentsPermission } from '../common';
import { t } from '../../../../lib/i18n';

export interface TeamPersonScore {
  id: string;
  teamId: string;
  teamName?: string;
  userId: string;
  realname?: string;
  memberRole?: string;
  memberRoleText?: string;
  score?: number;
  joinTime?: string | null;
}

const ENTITY = 'competitionTeamPerson';

const COLUMNS: ListColumn<TeamPersonScore>[] = [
  { title: '队伍', dataIndex: 'teamName', align: 'left' },
  { title: '姓名', dataIndex: 'realname' },
  { title: '角色', dataIndex: 'memberRoleText', width: 80, render: (v: unknown) => (v ? t(String(v)) : '') },
  { title: '得分', dataIndex: 'score', width: 80 },
  { title: '加入时间', dataIndex: 'joinTime', width: 170 },
];

export default function CompetitionTeamPersonListPage() {
  return (
    <ResourcePage<TeamPersonScore>
      title="队员成绩"
      permission={studentsPermission(ENTITY)}
      api={resourceApi(`/students/${ENTITY}`, ['list', 'exportXls'])}
      columns={COLUMNS}
      exportName={t('队员成绩')}
      defaultSort={{ column: 'teamId', order: 'asc' }}
      selectable={false}
    />
  );
}
