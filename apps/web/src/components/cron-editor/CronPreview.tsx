import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { DATETIME_FORMAT } from '@anxue/shared/constants';
import { CRON_PREVIEW_DEBOUNCE_MS, CRON_PREVIEW_RUNS, nextRuns, validateCron } from '@anxue/shared/cron/index';
import { t } from '../../lib/i18n';
import { useDebouncedValue } from './useDebouncedValue';

/** The next runs of the expression (year ignored), recalculated once typing settles. */
export function CronPreview({ expression }: { expression: string }) {
  const settled = useDebouncedValue(expression, CRON_PREVIEW_DEBOUNCE_MS);
  const preview = useMemo(() => {
    const error = validateCron(settled);
    if (error) return { error, runs: [] as string[] };
    const runs = nextRuns(settled, new Date(), CRON_PREVIEW_RUNS, { ignoreYear: true });
    return { error: undefined, runs: runs.map((run) => dayjs(run).format(DATETIME_FORMAT)) };
  }, [settled]);

  return (
    <div>
      <Typography.Text strong>{t('最近{n}次运行时间', { n: CRON_PREVIEW_RUNS })}</Typography.Text>
      {preview.error && <Alert type="error" showIcon message={t(preview.error)} style={{ marginTop: 8 }} />}
      {!preview.error && preview.runs.length === 0 && (
        <Alert type="warning" showIcon message={t('没有符合条件的运行时间')} style={{ marginTop: 8 }} />
      )}
      {preview.runs.length > 0 && (
        <ol aria-label={t('最近运行时间')} style={{ margin: '8px 0 0', paddingLeft: 24, columns: 2 }}>
          {preview.runs.map((run) => (
            <li key={run}>{run}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
