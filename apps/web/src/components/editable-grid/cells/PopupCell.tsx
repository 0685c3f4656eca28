// popup cell: records picked from an online report (popupCode) or by the column's onPopup(row);
// orgFields map onto destFields (comma lists).
import { memo, useState } from 'react';
import { message } from '../../../lib/antd/static';
import { checkPopupConfig, PopupModal } from '../../pickers';
import type { GridColumn, GridRow } from '../types';
import { textOf, type CellProps } from './cellTypes';
import { t } from '../../../lib/i18n';

const SEPARATOR = ',';

/** Values to write for picked records: each destination field gets the joined origin values. */
export function popupPatch(column: GridColumn, picked: Record<string, unknown>[]): Record<string, unknown> {
  const org = (column.orgFields ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const dest = (column.destFields ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!org.length || org.length !== dest.length) {
    // Same checks and messages as the popup picker (spec/02 §5).
    throw new Error(org.length ? t('popup参数未正确配置,原始值和目标值数量不一致!') : t('popup参数未正确配置!'));
  }
  const patch: Record<string, unknown> = {};
  dest.forEach((d, i) => {
    patch[d] = picked.map((r) => textOf(r[org[i]])).join(SEPARATOR);
  });
  return patch;
}

export async function runPopup(column: GridColumn, row: GridRow): Promise<Record<string, unknown> | null> {
  if (!column.onPopup) return null;
  const picked = await column.onPopup(row);
  if (!picked) return null;
  const list = Array.isArray(picked) ? picked : [picked];
  return list.length ? popupPatch(column, list) : null;
}

export const PopupCell = memo(function PopupCell({ column, rowId, value, disabled, ctx }: CellProps) {
  const { controller } = ctx;
  const [reportOpen, setReportOpen] = useState(false);
  const write = (patch: Record<string, unknown> | null) => {
    if (!patch) return;
    for (const [key, v] of Object.entries(patch)) controller.setValue(rowId, key, v, 'change');
  };
  const open = async () => {
    const row = controller.store.getRow(rowId);
    if (!row) return;
    if (column.onPopup) return write(await runPopup(column, row));
    const config = checkPopupConfig(column.popupCode, column.orgFields, column.destFields);
    if ('error' in config) return void message.error(config.error);
    setReportOpen(true);
  };
  const text = textOf(value);
  const config = column.popupCode && !column.onPopup ? checkPopupConfig(column.popupCode, column.orgFields, column.destFields) : undefined;
  return (
    <>
      <button
        type="button"
        className="eg-input eg-text eg-popup"
        // named by its column, showing its value; it opens a dialog to pick one
        role="combobox"
        aria-expanded={false}
        aria-haspopup="dialog"
        aria-label={column.title}
        disabled={disabled}
        title={text}
        onClick={() => void open()}
      >
        {text || <span className="eg-placeholder">{column.placeholder ?? t('请选择{label}', { label: column.title })}</span>}
      </button>
      {reportOpen && config && !('error' in config) && (
        <PopupModal
          open
          code={column.popupCode!}
          fields={config}
          param={column.param}
          onClose={() => setReportOpen(false)}
          onOk={(_values, rows) => {
            setReportOpen(false);
            write(rows.length ? popupPatch(column, rows) : null);
          }}
        />
      )}
    </>
  );
});
