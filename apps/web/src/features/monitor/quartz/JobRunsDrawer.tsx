// 执行记录 of one job: each run with its start, duration, outcome, error and log lines.
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { http } from '../../../lib/http';
import { QUARTZ_API, type JobRun, type QuartzJob } from './api';
import { t } from '../../../lib/i18n';

const STATUS: Record<JobRun['status'], { text: string; color: string }> = {
  running: { text: '执行中', color: 'blue' },
  success: { text: '成功', color: 'green' },
  failure: { text: '失败', color: 'red' },
};

interface RunPage {
  records: JobRun[];
  total: number;
}

export function JobRunsDrawer({ job, onClose }: { job: QuartzJob | null; onClose: () => void }) {
  const [pageNo, setPageNo] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: ['quartzJob', 'runs', job?.id, pageNo],
    queryFn: () => http.get<RunPage>(QUARTZ_API.runs, { jobId: job!.id, pageNo, pageSize: 10 }),
    enabled: !!job,
  });
  return (
    <Drawer open={!!job} title={t('执行记录：{n}', { n: job?.description || job?.jobClassName || '' })} width={860} onClose={onClose} destroyOnHidden>
      <Table<JobRun>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{ current: pageNo, pageSize: 10, total: data?.total ?? 0, onChange: setPageNo }}
        columns={[
          { title: t('开始时间'), dataIndex: 'startTime', width: 170 },
          { title: t('触发'), dataIndex: 'triggerType', width: 90, render: (v: JobRun['triggerType']) => (v === 'manual' ? t('手动执行') : t('定时')) },
          { title: t('耗时(毫秒)'), dataIndex: 'durationMs', width: 100 },
          { title: t('结果'), dataIndex: 'status', width: 90, render: (v: JobRun['status']) => <Tag color={STATUS[v].color}>{t(STATUS[v].text)}</Tag> },
          {
            title: t('执行日志'),
            dataIndex: 'runLog',
            render: (v: string | null, r) => (
              <>
                {v && <div style={{ whiteSpace: 'pre-wrap' }}>{v}</div>}
                {r.error && <Typography.Text type="danger">{r.error}</Typography.Text>}
              </>
            ),
          },
          { title: t('节点'), dataIndex: 'node', width: 160, ellipsis: true },
        ]}
      />
    </Drawer>
  );
}
