import type { DictSeed } from './dicts';

// Dictionaries of 定时任务 (issue 14), the original's codes and values.
export const OPS_DICT_SEEDS: DictSeed[] = [
  { code: 'quartz_status', name: '任务状态', items: [['0', '正常', 'green'], ['-1', '停止', 'red']] },
  { code: 'quartz_run_status', name: '任务执行结果', items: [['running', '执行中', 'blue'], ['success', '成功', 'green'], ['failure', '失败', 'red']] },
];
