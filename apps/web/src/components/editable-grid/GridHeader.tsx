// Sticky header row; the selection column carries the select-all checkbox.
import { Checkbox } from 'antd';
import { memo } from 'react';
import type { GridController } from './controller';
import { columnStyle, fixedClass, type LaidOutColumn } from './gridColumns';
import { t } from '../../lib/i18n';

/** Memoised; `version` (order and selection) re-renders it for the select-all checkbox, scrolling does not. */
export const GridHeader = memo(function GridHeader({ columns, controller, width }: { columns: LaidOutColumn[]; controller: GridController; width: number; version: number }) {
  const store = controller.store;
  const order = store.getOrder();
  const selectable = order.filter((id) => store.canSelect(id));
  const selectedCount = store.selectedIds().length;
  return (
    <div role="row" aria-rowindex={1} className="eg-header" style={{ width }}>
      {columns.map((col) => {
        const required = col.validateRules?.some((r) => r.required || r.pattern === '*');
        return (
          <div
            key={col.key}
            role="columnheader"
            className={`eg-th eg-th-${col.type}${fixedClass(col)}`}
            style={columnStyle(col)}
          >
            {col.type === 'row-checkbox' ? (
              <Checkbox
                aria-label={t('全选')}
                disabled={!selectable.length}
                checked={selectable.length > 0 && selectedCount === selectable.length}
                indeterminate={selectedCount > 0 && selectedCount < selectable.length}
                onChange={(e) => store.selectAll(e.target.checked)}
              />
            ) : col.type === 'row-number' ? (
              '#'
            ) : (
              <>
                {required ? <span className="eg-required">*</span> : null}
                {col.title}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
});
