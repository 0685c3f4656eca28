// 竞赛队伍: the teams ranked by score, each with its members (the captain marked) and their points; the
// student's own team (ask to join, the captain answers), an activity's ranking, and a class teacher's teams.
import { CrownFilled, TeamOutlined } from '@ant-design/icons';
import { Avatar, Card, List, Space, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { studyApi } from '../api';
import { t } from '../../../../lib/i18n';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { useSession } from '../../../../lib/session/store';
import { areaEntries } from '../areaMenu';
import { ActivityRankingPanel, MyTeamPanel, TeacherTeamsPanel } from '../recognition/TeamPanels';

const MEDAL = ['#f5c518', '#b0b7c3', '#cd7f32'];

export default function CompetitionTeamPerson() {
  const menu = useSession((s) => s.permissionList);
  const teaches = areaEntries(menu).some((e) => e.key === 'classStats');
  return (
    <>
      <PageTitle title={t('竞赛队伍')} />
      <Tabs
        items={[
          { key: 'ranking', label: t('队伍排行'), children: <TeamRanking /> },
          { key: 'mine', label: t('我的队伍'), children: <MyTeamPanel /> },
          { key: 'activity', label: t('活动排名'), children: <ActivityRankingPanel /> },
          ...(teaches ? [{ key: 'class', label: t('班级队伍'), children: <TeacherTeamsPanel /> }] : []),
        ]}
      />
    </>
  );
}

function TeamRanking() {
  const query = useQuery({ queryKey: ['study', 'teams'], queryFn: studyApi.teams });
  return (
    <>
      <QueryState query={query} empty={(d) => d.length === 0} emptyText={t('还没有竞赛队伍')}>
        {(teams) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {[...teams]
              .sort((a, b) => a.rank - b.rank)
              .map((team) => (
                <Card
                  key={team.id}
                  size="small"
                  aria-label={t('第 {rank} 名 {name}', { rank: team.rank, name: team.name })}
                  title={
                    <Space>
                      <span
                        style={{
                          display: 'inline-block',
                          minWidth: 28,
                          textAlign: 'center',
                          borderRadius: 14,
                          background: MEDAL[team.rank - 1] ?? '#f0f0f0',
                          color: team.rank <= 3 ? '#fff' : '#555',
                          fontWeight: 700,
                        }}
                      >
                        {team.rank}
                      </span>
                      <Avatar size="small" src={team.logo ?? undefined} icon={<TeamOutlined />} />
                      <span>{team.name}</span>
                    </Space>
                  }
                  extra={<strong className="area-score">{t('{score} 分', { score: team.score })}</strong>}
                >
                  {team.slogan && <div className="area-muted" style={{ marginBottom: 6 }}>{team.slogan}</div>}
                  <List
                    size="small"
                    dataSource={[...team.members].sort((a, b) => (a.memberRole === b.memberRole ? b.score - a.score : a.memberRole === 'captain' ? -1 : 1))}
                    locale={{ emptyText: t('还没有队员') }}
                    renderItem={(m) => (
                      <List.Item extra={<span>{t('{score} 分', { score: m.score })}</span>}>
                        <Space>
                          <span>{m.realname}</span>
                          {m.memberRole === 'captain' && (
                            <Tag color="gold" icon={<CrownFilled />}>
                              {t('队长')}
                            </Tag>
                          )}
                        </Space>
                      </List.Item>
                    )}
                  />
                </Card>
              ))}
          </Space>
        )}
      </QueryState>
    </>
  );
}
