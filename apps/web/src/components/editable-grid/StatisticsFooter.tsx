// Sticky statistics rows: 合计 (sum of integer parts) and 平均值 (2 decimals), per column asking for them.
import { memo, useSyncExternalStore } from 'react';
import type { GridController } from './controller';
import { columnStyle, fixedClass, type LaidOutColumn } from './gridColumns';
import { columnStatistics } from './rules';
import type { StatisticsKind } from './types';
import { t } from '../../lib/i18n';

const LABELS: Record<StatisticsKind, string> = { sum: '合计', average: '平均值' };

export const StatisticsFooter = memo(function StatisticsFooter({ columns, controller, width }: { columns: LaidOutColumn[]; controller: GridController; width: number }) {
  const store = controller.store;
  // Re-render on any data change; the computation is one pass over the rows.
  useSyncExternalStore(store.subscribeData, () => store.getDataVersion());
  const kinds = (['sum', 'average'] as const).filter((k) => columns.some((c) => c.statistics?.includes(k)));
  if (!kinds.length) return null;
  const rows = store.rows();
  const stats = new Map(columns.filter((c) => c.statistics?.length).map((c) => [c.key, columnStatistics(rows, c.key, c.statistics!)]));
  const labelAt = columns.findIndex((c) => !c.statistics?.length);
  return (
    <div className="eg-footer" style={{ width }}>
      {kinds.map((kind) => (
        <div key={kind} role="row" className="eg-footer-row" data-statistics={kind}>
          {columns.map((col, i) => {
            const s = stats.get(col.key);
            const value = kind === 'sum' ? s?.sum : s?.average;
            return (
              <div key={col.key} role="cell" className={`eg-cell${fixedClass(col)}`} style={columnStyle(col)} data-key={col.key}>
                {i === labelAt ? t(LABELS[kind]) : value !== undefined ? String(value) : ''}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
});
