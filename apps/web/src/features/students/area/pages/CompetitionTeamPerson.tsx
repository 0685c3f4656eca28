// 竞赛队伍: the teams ranked by score, each with its members (the captain marked) and their points.
import { CrownFilled, TeamOutlined } from '@ant-design/icons';
import { Avatar, Card, List, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { studyApi } from '../api';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';

const MEDAL = ['#f5c518', '#b0b7c3', '#cd7f32'];

export default function CompetitionTeamPerson() {
  const query = useQuery({ queryKey: ['study', 'teams'], queryFn: studyApi.teams });
  return (
    <>
      <PageTitle title="竞赛队伍" />
      <QueryState query={query} empty={(d) => d.length === 0} emptyText="还没有竞赛队伍">
        {(teams) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {[...teams]
              .sort((a, b) => a.rank - b.rank)
              .map((t) => (
                <Card
                  key={t.id}
                  size="small"
                  aria-label={`第 ${t.rank} 名 ${t.name}`}
                  title={
                    <Space>
                      <span
                        style={{
                          display: 'inline-block',
                          minWidth: 28,
                          textAlign: 'center',
                          borderRadius: 14,
                          background: MEDAL[t.rank - 1] ?? '#f0f0f0',
                          color: t.rank <= 3 ? '#fff' : '#555',
                          fontWeight: 700,
                        }}
                      >
                        {t.rank}
                      </span>
                      <Avatar size="small" src={t.logo ?? undefined} icon={<TeamOutlined />} />
                      <span>{t.name}</span>
                    </Space>
                  }
                  extra={<strong style={{ fontSize: 18, color: '#fa541c' }}>{t.score} 分</strong>}
                >
                  {t.slogan && <div className="area-muted" style={{ marginBottom: 6 }}>{t.slogan}</div>}
                  <List
                    size="small"
                    dataSource={[...t.members].sort((a, b) => (a.memberRole === b.memberRole ? b.score - a.score : a.memberRole === 'captain' ? -1 : 1))}
                    locale={{ emptyText: '还没有队员' }}
                    renderItem={(m) => (
                      <List.Item extra={<span>{m.score} 分</span>}>
                        <Space>
                          <span>{m.realname}</span>
                          {m.memberRole === 'captain' && (
                            <Tag color="gold" icon={<CrownFilled />}>
                              队长
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
