// 班级学分 on a teacher's class page: the class's own total, never who earned what.
import { useQuery } from '@tanstack/react-query';
import { t } from '../../../../lib/i18n';
import { QueryState } from '../components/QueryState';
import { Panel, Statistic } from '../components/ui';
import { creditsApi } from './api';

export function ClassCreditsCard({ classId }: { classId: string }) {
  const q = useQuery({ queryKey: ['teach', 'classCredits', classId], queryFn: () => creditsApi.ofClass(classId) });
  return (
    <Panel label={t('班级学分')} style={{ marginTop: 12 }}>
      <QueryState query={q}>
        {(c) => (
          <>
            <Statistic title={t('班级学分')} value={c.total} suffix={t('分')} />
            <div className="area-muted">{t('全班完成作业{n}人次，只统计全班总数', { n: c.finished })}</div>
          </>
        )}
      </QueryState>
    </Panel>
  );
}
