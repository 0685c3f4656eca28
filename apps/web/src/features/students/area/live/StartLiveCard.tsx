// 课堂答题 on 班级统计: the teacher picks a paper and opens the classroom screen with a new session; a
// session still open for the class is offered to go back to.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space, Typography } from 'antd';
import { message } from '../../../../lib/antdStatic';
import { t } from '../../../../lib/i18n';
import { AREA_ROOT } from '../areaMenu';
import { liveApi } from './api';
import './live.css';

export function StartLiveCard({ classId }: { classId: string }) {
  const navigate = useNavigate();
  const papers = useQuery({ queryKey: ['live', 'papers'], queryFn: liveApi.papers });
  const open = useQuery({ queryKey: ['live', 'open', classId], queryFn: () => liveApi.open(classId) });
  const [paperId, setPaperId] = useState<string>();
  const start = useMutation({
    mutationFn: () => liveApi.start(classId, paperId!),
    onSuccess: (s) => navigate(`${AREA_ROOT}/live/screen/${s.id}`),
    onError: (err) => void message.error(err instanceof Error ? err.message : t('操作失败')),
  });
  const list = papers.data ?? [];
  return (
    <Card size="small" title={t('课堂答题')} style={{ marginTop: 12 }} className="live-start">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('在教室大屏上一题一题地出题，学生用手机扫码作答，大屏实时显示作答人数和答案分布。')}
      </Typography.Paragraph>
      {open.data && (
        <Button block style={{ marginBottom: 8 }} onClick={() => navigate(`${AREA_ROOT}/live/screen/${open.data!.id}`)}>
          {t('回到进行中的课堂（课堂码 {code}）', { code: open.data.code })}
        </Button>
      )}
      <Space.Compact style={{ width: '100%' }} className="live-start-row">
        <Select
          style={{ flex: 1, minWidth: 0 }}
          value={paperId}
          onChange={setPaperId}
          loading={papers.isPending}
          placeholder={t('选择试卷')}
          aria-label={t('课堂答题的试卷')}
          notFoundContent={t('还没有可用的试卷')}
          options={list.map((p) => ({ value: p.id, label: t('{title}（{n} 题）', { title: p.title, n: p.questionCount }) }))}
        />
        <Button type="primary" disabled={!paperId} loading={start.isPending} onClick={() => start.mutate()}>
          {t('开始课堂答题')}
        </Button>
      </Space.Compact>
    </Card>
  );
}
