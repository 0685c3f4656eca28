// The task page's and the chart page's calls: /sys/dashboard/tasks and /sys/dashboard/charts
// (modules/dashboard on the server), of the caller's tenant and the caller's own rows.
import { useQuery } from '@tanstack/react-query';
import type { ChartFigures, TaskFigures } from '@anxue/shared/dashboard';
import { http } from '../../lib/http';

export type { ChartFigures, TaskFigures };

export const useTasks = () =>
  useQuery({ queryKey: ['dashboard', 'tasks'], queryFn: () => http.get<TaskFigures>('/sys/dashboard/tasks', undefined, { silent: true }), retry: false });
export const useCharts = () =>
  useQuery({ queryKey: ['dashboard', 'charts'], queryFn: () => http.get<ChartFigures>('/sys/dashboard/charts', undefined, { silent: true }), retry: false });

/** Texts of the announcement categories (msgCategory). */
export const CATEGORY: Record<string, string> = { '1': '通知公告', '2': '系统消息' };
