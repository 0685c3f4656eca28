// 任务页: what waits for the signed-in user - unread notices and system messages (/sys/dashboard/tasks),
// failed runs of scheduled jobs of the last 7 days (only to who may list jobs), and the study tasks of a
// student or the classes of a teacher (/sys/dashboard/workplace).
import { Card, Col, Empty, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { FailedJobRun, UnreadNotice } from '@anxue/shared/dashboard';
import { PRIORITY, useWorkplace } from './dashboardApi';
import { CATEGORY, useTasks } from './taskChartApi';
import { t } from '../../lib/i18n';

const MY_ANNOUNCEMENTS = '/isps/userAnnouncement';
const JOBS = '/monitor/quartz';

const noticeColumns = (): ColumnsType<UnreadNotice> => [
  { title: t('类型'), dataIndex: 'msgCategory', width: 100, render: (c: string) => <Tag color={c === '2' ? 'purple' : 'blue'}>{t(CATEGORY[c] ?? c)}</Tag> },
  { title: t('标题'), dataIndex: 'titile', ellipsis: true },
  { title: t('优先级'), dataIndex: 'priority', width: 90, render: (p: string) => (PRIORITY[p] ? <Tag color={PRIORITY[p].color}>{t(PRIORITY[p].text)}</Tag> : p) },
  { title: t('发送人'), dataIndex: 'sender', width: 110 },
  { title: t('发送时间'), dataIndex: 'sendTime', width: 170 },
  { title: t('操作'), key: 'action', width: 80, render: () => <Link to={MY_ANNOUNCEMENTS}>{t('办理')}</Link> },
];

const jobColumns = (): ColumnsType<FailedJobRun> => [
  { title: t('任务'), dataIndex: 'description', render: (d: string | null, r) => d || r.jobClassName },
  { title: t('开始时间'), dataIndex: 'startTime', width: 170 },
  { title: t('错误'), dataIndex: 'error', ellipsis: true, render: (e: string | null) => <Typography.Text type="danger">{e ?? t('未知错误')}</Typography.Text> },
  { title: t('操作'), key: 'action', width: 80, render: () => <Link to={JOBS}>{t('查看')}</Link> },
];

export default function TaskPage() {
  const tasks = useTasks();
  const workplace = useWorkplace();
  const data = tasks.data;
  const study = workplace.data?.study;
  const teach = workplace.data?.teach;
  // the counts are the workplace's (all unread); the list shows the newest 20
  const unreadNotices = workplace.data?.unreadAnnouncements;
  const unreadMessages = workplace.data?.unreadMessages;
  const studyTodo = study ? study.unfinishedLessons + study.papersToPass : undefined;
  const v = (n: number | undefined) => (n === undefined ? '—' : n);

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('未读通知公告')} value={v(unreadNotices)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('未读系统消息')} value={v(unreadMessages)} />
          </Card>
        </Col>
        {data?.failedJobs && (
          <Col xs={12} md={6}>
            <Card>
              <Statistic title={t('失败的定时任务')} value={data.failedJobs.length} valueStyle={data.failedJobs.length ? { color: '#cf1322' } : undefined} />
            </Card>
          </Col>
        )}
        {study && (
          <Col xs={12} md={6}>
            <Card>
              <Statistic title={t('学习待办')} value={v(studyTodo)} />
            </Card>
          </Col>
        )}
      </Row>

      <Card title={t('我的待办【{n}】', { n: unreadNotices === undefined ? '—' : unreadNotices + (unreadMessages ?? 0) })} extra={<Link to={MY_ANNOUNCEMENTS}>{t('更多')}</Link>} style={{ marginBottom: 16 }}>
        {tasks.isError ? (
          <Empty description={t('无法读取待办')} />
        ) : (
          <Table<UnreadNotice>
            rowKey="id"
            size="small"
            loading={tasks.isLoading}
            columns={noticeColumns()}
            dataSource={data?.unread ?? []}
            pagination={false}
            scroll={{ x: 700 }}
            locale={{ emptyText: t('没有未读的公告和消息') }}
          />
        )}
      </Card>

      {data?.failedJobs && (
        <Card title={t('近7日失败的定时任务')} extra={<Link to={JOBS}>{t('定时任务')}</Link>} style={{ marginBottom: 16 }}>
          <Table<FailedJobRun>
            rowKey="id"
            size="small"
            columns={jobColumns()}
            dataSource={data.failedJobs}
            pagination={false}
            scroll={{ x: 600 }}
            locale={{ emptyText: t('近7日定时任务都执行成功') }}
          />
        </Card>
      )}

      {(study || teach) && (
        <Card title={t('学习与教学')}>
          <Row gutter={16}>
            {study && (
              <>
                <Col xs={12} md={6}>
                  <Statistic title={t('未学完的课时')} value={study.unfinishedLessons} />
                  <Link to="/students/courseList">{t('去学习')}</Link>
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('进行中的专题活动')} value={study.openActivities} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('待通过的活动测验')} value={study.papersToPass} />
                </Col>
              </>
            )}
            {teach && (
              <Col xs={12} md={6}>
                <Statistic title={t('我任教的班级')} value={teach.classes} suffix={t('/ 学生 {students} 人', { students: teach.students })} />
              </Col>
            )}
          </Row>
        </Card>
      )}
    </>
  );
}
