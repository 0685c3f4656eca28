// The dashboards' calls: the original's /sys/loginfo (visits) and ours /sys/dashboard/analysis and
// /sys/dashboard/workplace (modules/dashboard on the server), each of the caller's tenant.
import { useQuery } from '@tanstack/react-query';
import type { AnalysisFigures, WorkplaceFigures } from '@anxue/shared/dashboard';
import { http } from '../../lib/http';
import { t } from '../../lib/i18n';

export type { AnalysisFigures, WorkplaceFigures };

export interface LogInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

export const useLogInfo = (enabled = true) =>
  useQuery({ queryKey: ['sys', 'loginfo'], queryFn: () => http.get<LogInfo>('/sys/loginfo', undefined, { silent: true }), retry: false, enabled });
export const useAnalysis = () =>
  useQuery({ queryKey: ['dashboard', 'analysis'], queryFn: () => http.get<AnalysisFigures>('/sys/dashboard/analysis', undefined, { silent: true }), retry: false });
export const useWorkplace = () =>
  useQuery({ queryKey: ['dashboard', 'workplace'], queryFn: () => http.get<WorkplaceFigures>('/sys/dashboard/workplace', undefined, { silent: true }), retry: false });

export const PRIORITY: Record<string, { text: string; color: string }> = {
  L: { text: t('一般'), color: 'blue' },
  M: { text: t('重要'), color: 'orange' },
  H: { text: t('紧急'), color: 'red' },
};

/** Finished share in percent, one decimal; 0 when nothing started. */
export const share = (done: number, of: number) => (of > 0 ? Math.round((done / of) * 1000) / 10 : 0);
