// 竞赛队伍's own parts: the student's team (ask to join, the captain's answers, leaving), a class teacher's
// arrangement of the class's teams, and an activity's ranking (participants too when it is a competition).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CrownFilled } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, List, Select, Space, Tag } from 'antd';
import { message, Modal } from '../../../../lib/antd/static';
import type { ActivityRanking } from '@anxue/shared';
import { t } from '../../../../lib/i18n';
import { studyApi, teachApi } from '../api';
import { QueryState } from '../components/QueryState';
import { teamApi } from './api';

const MINE = ['study', 'team', 'mine'] as const;

/** The student's own team, or the teams they may ask to join. */
export function MyTeamPanel() {
  const client = useQueryClient();
  const q = useQuery({ queryKey: MINE, queryFn: teamApi.mine });
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: MINE }), client.invalidateQueries({ queryKey: ['study', 'teams'] })]);
  const act = useMutation({
    mutationFn: (f: () => Promise<unknown>) => f(),
    onSuccess: () => void refresh(),
  });
  const run = (f: () => Promise<unknown>, done: string) => act.mutate(f, { onSuccess: () => void message.success(t(done)) });
  return (
    <QueryState query={q}>
      {(s) =>
        s.team ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Card size="small" title={t('我的队伍')}>
              <Space wrap>
                <strong>{s.team.name}</strong>
                {s.team.memberRole === 'captain' ? (
                  <Tag color="gold" icon={<CrownFilled />}>
                    {t('队长')}
                  </Tag>
                ) : (
                  <Tag>{t('队员')}</Tag>
                )}
              </Space>
              {s.team.activityTitle && <div className="area-muted">{t('参加活动：{title}', { title: s.team.activityTitle })}</div>}
              {s.team.memberRole === 'member' && (
                <Button
                  style={{ marginTop: 8 }}
                  onClick={() =>
                    Modal.confirm({ title: t('退出队伍'), content: t('确定要退出“{name}”吗？', { name: s.team!.name }), okText: t('退出'), cancelText: t('取消'), onOk: () => run(teamApi.leave, '已退出队伍') })
                  }
                >
                  {t('退出队伍')}
                </Button>
              )}
            </Card>
            {s.team.memberRole === 'captain' && (
              <Card size="small" title={t('入队申请')}>
                <List
                  dataSource={s.incoming}
                  locale={{ emptyText: t('没有待处理的申请') }}
                  renderItem={(r) => (
                    <List.Item
                      actions={[
                        <Button key="yes" type="primary" loading={act.isPending} onClick={() => run(() => teamApi.decide(r.id, true), '已同意，新队员已加入')}>
                          {t('同意')}
                        </Button>,
                        <Button key="no" loading={act.isPending} onClick={() => run(() => teamApi.decide(r.id, false), '已拒绝申请')}>
                          {t('拒绝')}
                        </Button>,
                      ]}
                    >
                      {t('{name} 申请加入', { name: r.realname })}
                    </List.Item>
                  )}
                />
              </Card>
            )}
          </Space>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            {s.sent.map((r) => (
              <Card key={r.id} size="small">
                <div>{t('已申请加入“{name}”，等待队长同意', { name: r.teamName })}</div>
                <Button style={{ marginTop: 8 }} loading={act.isPending} onClick={() => run(() => teamApi.withdraw(r.id), '已撤回申请')}>
                  {t('撤回申请')}
                </Button>
              </Card>
            ))}
            <Card size="small" title={t('可以加入的队伍')}>
              <List
                dataSource={s.joinable}
                locale={{ emptyText: t('还没有可以加入的队伍，老师会安排') }}
                renderItem={(team) => (
                  <List.Item
                    actions={[
                      <Button key="ask" type="primary" disabled={s.sent.length > 0} loading={act.isPending} aria-label={t('申请加入{name}', { name: team.name })} onClick={() => run(() => teamApi.request(team.id), '已发送申请，等待队长同意')}>
                        {t('申请加入')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      title={team.name}
                      description={[team.captain ? t('队长 {name}', { name: team.captain }) : t('还没有队长'), t('{n} 人', { n: team.memberCount }), team.activityTitle].filter(Boolean).join(' · ')}
                    />
                  </List.Item>
                )}
              />
            </Card>
          </Space>
        )
      }
    </QueryState>
  );
}

/** A class teacher's teams: create one, put students in, take them out, name the captain. */
export function TeacherTeamsPanel() {
  const client = useQueryClient();
  const classes = useQuery({ queryKey: ['teach', 'classes'], queryFn: teachApi.classes });
  const [classId, setClassId] = useState<string>();
  const chosen = classId ?? classes.data?.[0]?.id;
  const teams = useQuery({ queryKey: ['teach', 'teams', chosen], queryFn: () => teamApi.teachTeams(chosen!), enabled: !!chosen });
  const [form] = Form.useForm<{ name: string; activityId?: string }>();
  const act = useMutation({ mutationFn: (f: () => Promise<unknown>) => f(), onSuccess: () => void client.invalidateQueries({ queryKey: ['teach', 'teams'] }) });
  const run = (f: () => Promise<unknown>, done: string) => act.mutate(f, { onSuccess: () => void message.success(t(done)) });
  if (classes.data && !classes.data.length) return <Empty description={t('你还没有任教的班级')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        style={{ width: '100%' }}
        aria-label={t('班级')}
        value={chosen}
        onChange={setClassId}
        loading={classes.isPending}
        options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <QueryState query={{ ...teams, isPending: !chosen || teams.isPending }}>
        {(v) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Card size="small" title={t('新建队伍')}>
              <Form
                form={form}
                layout="vertical"
                onFinish={(values) => run(() => teamApi.add({ classId: v.classId, name: values.name, activityId: values.activityId || undefined }).then(() => form.resetFields()), '队伍已创建')}
              >
                <Form.Item name="name" label={t('队伍名称')} rules={[{ required: true, message: t('请填写队伍名称') }, { max: 100 }]}>
                  <Input />
                </Form.Item>
                <Form.Item name="activityId" label={t('竞赛活动')} extra={t('不选：所有考试和隐患排查都计分')}>
                  <Select allowClear options={v.activities.map((a) => ({ value: a.id, label: a.title }))} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={act.isPending}>
                  {t('创建')}
                </Button>
              </Form>
            </Card>
            {v.teams.map((team) => (
              <Card key={team.id} size="small" title={team.name} extra={team.activityTitle && <span className="area-muted">{team.activityTitle}</span>}>
                <List
                  size="small"
                  dataSource={team.members}
                  locale={{ emptyText: t('还没有队员') }}
                  renderItem={(m) => (
                    <List.Item
                      actions={[
                        m.memberRole === 'member' && (
                          <Button key="lead" size="small" onClick={() => run(() => teamApi.assign(team.id, m.userId, true), '已编入队伍')}>
                            {t('设为队长')}
                          </Button>
                        ),
                        (m.memberRole === 'member' || team.members.length === 1) && (
                          <Button key="out" size="small" onClick={() => run(() => teamApi.remove(team.id, m.userId), '已移出队伍')}>
                            {t('移出')}
                          </Button>
                        ),
                      ].filter(Boolean)}
                    >
                      <Space>
                        {m.realname}
                        {m.memberRole === 'captain' && (
                          <Tag color="gold" icon={<CrownFilled />}>
                            {t('队长')}
                          </Tag>
                        )}
                      </Space>
                    </List.Item>
                  )}
                />
                <Select
                  style={{ width: '100%', marginTop: 8 }}
                  placeholder={t('编入学生')}
                  aria-label={t('把学生编入{name}', { name: team.name })}
                  value={null}
                  showSearch
                  optionFilterProp="label"
                  options={v.students.filter((s) => !s.teamId).map((s) => ({ value: s.userId, label: s.realname }))}
                  onChange={(userId: string | null) => userId && run(() => teamApi.assign(team.id, userId), '已编入队伍')}
                />
              </Card>
            ))}
          </Space>
        )}
      </QueryState>
    </Space>
  );
}

/** An activity's ranking: its teams, and in a competition its participants one by one. */
export function ActivityRankingPanel() {
  const activities = useQuery({ queryKey: ['study', 'activities'], queryFn: studyApi.activities });
  const [activityId, setActivityId] = useState<string>();
  const chosen = activityId ?? activities.data?.[0]?.id;
  const ranking = useQuery({ queryKey: ['study', 'activityRanking', chosen], queryFn: () => teamApi.ranking(chosen!), enabled: !!chosen });
  if (activities.data && !activities.data.length) return <Empty description={t('你的班级还没有专题活动')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select style={{ width: '100%' }} aria-label={t('活动')} value={chosen} onChange={setActivityId} loading={activities.isPending} options={(activities.data ?? []).map((a) => ({ value: a.id, label: a.title }))} />
      <QueryState query={{ ...ranking, isPending: !chosen || ranking.isPending }}>{(r) => <RankingView r={r} />}</QueryState>
    </Space>
  );
}

function RankingView({ r }: { r: ActivityRanking }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('队伍排名')}>
        <List
          size="small"
          dataSource={r.teams}
          locale={{ emptyText: t('这个活动还没有队伍') }}
          renderItem={(team) => (
            <List.Item extra={<strong className="area-score">{t('{score} 分', { score: team.score })}</strong>}>
              {t('第 {rank} 名', { rank: team.rank })} · {team.name}
            </List.Item>
          )}
        />
      </Card>
      {r.competition ? (
        <Card size="small" title={t('个人排名')}>
          <List
            size="small"
            dataSource={r.individuals}
            locale={{ emptyText: t('还没有人参赛') }}
            renderItem={(p) => (
              <List.Item extra={<strong className="area-score">{t('{score} 分', { score: p.score })}</strong>}>
                {t('第 {rank} 名', { rank: p.rank })} · {p.realname}
              </List.Item>
            )}
          />
        </Card>
      ) : (
        <div className="area-muted">{t('这个活动不是竞赛，只排队伍，不排个人。')}</div>
      )}
    </Space>
  );
}
