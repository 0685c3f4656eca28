// 定时任务: jobs of the server's scheduler — the job class picked from the handlers the server ships, the
// seven-field cron built with the cron editor, a parameter, 启动/停止, 立即执行 and each job's 执行记录.
import { useQuery } from '@tanstack/react-query';
import { message, Select, Tag } from 'antd';
import { useState } from 'react';
import { CronEditor, cronRule } from '../../../components/cron-editor';
import { ResourcePage, type ListColumn, type ResourcePageHandle } from '../../../components/list-page';
import { formRules } from '../../../lib/formRules';
import { http } from '../../../lib/http';
import { JOB_STATUS, QUARTZ_API, QUARTZ_PERMISSION, type JobClass, type QuartzJob } from './api';
import { JobRunsDrawer } from './JobRunsDrawer';
import { t } from '../../../lib/i18n';

const STATUS_OPTIONS = [
  { label: '正常', value: JOB_STATUS.running },
  { label: '停止', value: JOB_STATUS.stopped },
];

function useJobClasses() {
  return useQuery({ queryKey: ['quartzJob', 'jobClasses'], queryFn: () => http.get<JobClass[]>(QUARTZ_API.jobClasses), staleTime: Infinity }).data ?? [];
}

function JobClassSelect(props: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const classes = useJobClasses();
  const hint = classes.find((c) => c.value === props.value)?.parameterHint;
  return (
    <>
      <Select {...props} placeholder={t('请选择任务类')} options={classes.map((c) => ({ value: c.value, label: `${c.text}（${c.value}）` }))} />
      {hint && <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: 4 }}>{t('参数：')}{hint}</div>}
    </>
  );
}

export default function QuartzListPage() {
  const classes = useJobClasses();
  const [runsOf, setRunsOf] = useState<QuartzJob | null>(null);
  const titleOf = (name: string) => classes.find((c) => c.value === name)?.text ?? name;

  async function act(url: string, row: QuartzJob, page: ResourcePageHandle<QuartzJob>) {
    const res = await http.raw.get(url, { id: row.id }).catch(() => null);
    if (res) void message.success(res.message);
    await page.list.reload();
  }

  const columns: ListColumn<QuartzJob>[] = [
    { title: t('任务类名'), dataIndex: 'jobClassName', align: 'left', width: 220, render: (v: string) => titleOf(v) },
    { title: t('Cron表达式'), dataIndex: 'cronExpression', width: 160 },
    { title: t('参数'), dataIndex: 'parameter', width: 140, ellipsis: true },
    { title: t('描述'), dataIndex: 'description', width: 180, ellipsis: true },
    { title: t('状态'), dataIndex: 'status', width: 80, render: (v: number, r) => <Tag color={v === JOB_STATUS.running ? 'green' : 'red'}>{r.status_dictText ? t(r.status_dictText) : v}</Tag> },
    { title: t('下次执行'), dataIndex: 'nextFireTime', width: 170 },
  ];

  return (
    <ResourcePage<QuartzJob>
      title={t('定时任务')}
      permission={QUARTZ_PERMISSION}
      api={QUARTZ_API}
      columns={columns}
      formWidth={720}
      exportName={t('定时任务列表')}
      actionWidth={260}
      query={[
        { name: 'jobClassName', label: t('任务类名'), rule: 'like' },
        { name: 'status', label: t('任务状态'), widget: 'select', options: STATUS_OPTIONS },
      ]}
      form={[
        { name: 'jobClassName', label: t('任务类名'), widget: 'custom', rules: [{ required: true, message: t('请选择任务类名') }], render: () => <JobClassSelect /> },
        {
          name: 'cronExpression',
          label: t('Cron表达式'),
          widget: 'custom',
          initialValue: '* * * * * ? *',
          rules: [{ required: true, message: t('请输入Cron表达式') }, cronRule],
          render: () => <CronEditor />,
        },
        { name: 'parameter', label: t('参数'), widget: 'textarea', rules: formRules.length({ max: 2000 }) },
        { name: 'status', label: t('状态'), widget: 'select', options: STATUS_OPTIONS, initialValue: JOB_STATUS.stopped },
        { name: 'description', label: t('描述'), widget: 'textarea', rules: formRules.length({ max: 255 }) },
      ]}
      rowActions={(row, page) => [
        row.status === JOB_STATUS.running
          ? { key: 'pause', label: t('停止', undefined, 'action'), permission: `${QUARTZ_PERMISSION}:pause`, confirm: t('是否停止选中任务?'), onClick: () => void act(QUARTZ_API.pause, row, page) }
          : { key: 'resume', label: t('启动'), permission: `${QUARTZ_PERMISSION}:resume`, confirm: t('是否启动选中任务?'), onClick: () => void act(QUARTZ_API.resume, row, page) },
        { key: 'execute', label: t('立即执行'), permission: `${QUARTZ_PERMISSION}:execute`, confirm: t('是否立即执行任务?'), onClick: () => void act(QUARTZ_API.execute, row, page) },
        { key: 'runs', label: t('执行记录'), onClick: () => setRunsOf(row) },
      ]}
      extra={() => <JobRunsDrawer job={runsOf} onClose={() => setRunsOf(null)} />}
    />
  );
}
