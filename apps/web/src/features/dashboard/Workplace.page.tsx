// 工作台: my tasks (unread notices and messages; unfinished lessons, open activities and papers to pass for a
// student; classes and students for a teacher), my recent operations from the operation log
// (/sys/dashboard/workplace), quick links the user picks (kept in this browser's local storage, per user)
// and a notepad. The notepad is the keep-alive demonstration: its text survives switching tabs because this
// page stays mounted (hidden) while another tab shows.
import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Input, List, Modal, Row, Select, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { greeting } from '@anxue/shared/constants';
import { localStore } from '../../lib/storage';
import { useSession } from '../../lib/session/store';
import type { MenuItem } from '../../lib/types';
import { useWorkplace, type WorkplaceFigures } from './dashboardApi';
import { CJK } from '@anxue/shared/i18n';
import { t } from '../../lib/i18n';
import { logContentText } from '../monitor/log/logContentText';

const MY_ANNOUNCEMENTS = '/isps/userAnnouncement';
const DEFAULT_LINK_COUNT = 8;
const OPERATE: Record<number, string> = { 2: '添加', 3: '更新', 4: '删除', 5: '导入', 6: '导出' };

function leafLinks(menu: MenuItem[]): MenuItem[] {
  return menu.flatMap((m) => (m.children?.length ? leafLinks(m.children) : m.hidden || m.route === '0' ? [] : [m]));
}

const linksKey = (username: string) => `DASHBOARD_QUICK_LINKS__${username}`;

/** The user's chosen links (paths) among the menu they may open; the first menu entries until they choose. */
function useQuickLinks(username: string, menu: MenuItem[]) {
  const leaves = useMemo(() => leafLinks(menu), [menu]);
  const [chosen, setChosen] = useState<string[] | undefined>(() => localStore.get<string[]>(linksKey(username)));
  const links = chosen ? chosen.map((p) => leaves.find((m) => m.path === p)).filter((m): m is MenuItem => !!m) : leaves.slice(0, DEFAULT_LINK_COUNT);
  const save = (paths: string[]) => {
    localStore.set(linksKey(username), paths);
    setChosen(paths);
  };
  return { leaves, links, save };
}

interface Task {
  key: string;
  text: string;
  count: number;
  to: string;
}

function tasksOf(w: WorkplaceFigures): Task[] {
  const tasks: Task[] = [
    { key: 'annt', text: t('未读通知公告'), count: w.unreadAnnouncements, to: MY_ANNOUNCEMENTS },
    { key: 'msg', text: t('未读系统消息'), count: w.unreadMessages, to: MY_ANNOUNCEMENTS },
  ];
  if (w.study) {
    tasks.push(
      { key: 'lessons', text: t('未学完的课时'), count: w.study.unfinishedLessons, to: '/students/courseList' },
      { key: 'activities', text: t('进行中的专题活动'), count: w.study.openActivities, to: '/students/courseList' },
      { key: 'papers', text: t('待通过的活动测验'), count: w.study.papersToPass, to: '/students/theoryQuestionList' },
    );
  }
  if (w.teach) tasks.push({ key: 'classes', text: t('我任教的班级（学生 {students} 人）', { students: w.teach.students }), count: w.teach.classes, to: '/students/classStats' });
  return tasks;
}

function QuickLinks({ username, menu }: { username: string; menu: MenuItem[] }) {
  const { leaves, links, save } = useQuickLinks(username, menu);
  const [editing, setEditing] = useState<string[] | undefined>();
  return (
    <Card
      title={t('快捷入口')}
      extra={
        <Button type="link" size="small" onClick={() => setEditing(links.map((l) => l.path))}>
          {t('编辑')}
        </Button>
      }
    >
      {links.length ? (
        <Row gutter={[8, 8]}>
          {links.map((m) => (
            <Col span={12} key={m.path}>
              <Link to={m.path}>{m.meta.title}</Link>
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={t('还没有快捷入口')} />
      )}
      <Modal
        title={t('编辑快捷入口')}
        open={editing !== undefined}
        onCancel={() => setEditing(undefined)}
        onOk={() => {
          save(editing ?? []);
          setEditing(undefined);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('选择常用的菜单，保存在本浏览器中（按用户分别保存）。')}</Typography.Paragraph>
        <Select
          mode="multiple"
          aria-label={t('快捷入口菜单')}
          style={{ width: '100%' }}
          value={editing}
          onChange={setEditing}
          optionFilterProp="label"
          options={leaves.map((m) => ({ value: m.path, label: m.meta.title }))}
        />
      </Modal>
    </Card>
  );
}

export default function WorkplacePage() {
  const realname = useSession((s) => s.realname);
  const username = useSession((s) => s.username);
  const menu = useSession((s) => s.permissionList) ?? [];
  const [note, setNote] = useState('');
  const { data, isLoading, isError } = useWorkplace();
  const tasks = data ? tasksOf(data) : [];
  const pending = tasks.reduce((s, task) => s + task.count, 0);

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16} align="middle">
          <Col flex="auto">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('{greeting}，{name}，开始您一天的工作吧！', { greeting: t(greeting()), name: realname ?? '' })}
            </Typography.Title>
          </Col>
          <Col>
            <Statistic title={t('待办')} value={data ? pending : '—'} />
          </Col>
          <Col>
            <Statistic title={t('最近操作')} value={data ? data.recent.length : '—'} />
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Card title={t('我的待办')} loading={isLoading} style={{ marginBottom: 16 }}>
            {isError ? (
              <Empty description={t('无法读取待办')} />
            ) : (
              <List
                size="small"
                dataSource={tasks}
                renderItem={(task) => (
                  <List.Item key={task.key} extra={<Tag color={task.count ? 'orange' : 'default'}>{task.count}</Tag>}>
                    <Link to={task.to}>{task.text}</Link>
                  </List.Item>
                )}
              />
            )}
          </Card>
          <Card title={t('最近操作')} loading={isLoading} style={{ marginBottom: 16 }}>
            <List
              size="small"
              locale={{ emptyText: t('暂无操作记录') }}
              dataSource={data?.recent ?? []}
              renderItem={(r) => {
                const content = r.logContent ? logContentText(r.logContent) : `${r.requestType ?? ''} ${r.requestUrl ?? ''}`;
                return (
                  <List.Item key={r.id}>
                    <List.Item.Meta
                      title={
                        <>
                          {r.operateType && OPERATE[r.operateType] ? <Tag>{t(OPERATE[r.operateType])}</Tag> : null}
                          {/* stored text (e2e checks of English pages leave [data-stored] out) while it is still Chinese */}
                          <span data-stored={CJK.test(content) || undefined}>{content}</span>
                        </>
                      }
                      description={`${r.createTime ?? ''} · ${r.requestType ?? ''} ${r.requestUrl ?? ''}`}
                    />
                    {r.outcome && <Tag color={r.outcome === '成功' ? 'success' : 'error'}>{t(r.outcome)}</Tag>}
                  </List.Item>
                );
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <QuickLinks username={username} menu={menu} />
          <Card title={t('便签')} style={{ marginTop: 16 }}>
            <Typography.Paragraph type="secondary">{t('便签的内容在切换页签后仍会保留。')}</Typography.Paragraph>
            <Input.TextArea aria-label={t('便签')} placeholder={t('在这里记下待办事项…')} rows={6} value={note} onChange={(e) => setNote(e.target.value)} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
