// Choice cells: select, list_multi, sel_search, sel_search_async, select-search, select-multiple, and
// the simple sel_user / sel_depart pickers. Shows text; mounts the antd Select only while editing.
import { Button, Select } from 'antd';
import { memo, useState } from 'react';
import type { GridOption } from '../types';
import { optionText, textOf, type CellProps } from './cellTypes';
import { DepartPickerCell, UserPickerCell, usesFullPicker } from './PickerCells';
import { useCellOptions } from './useCellOptions';
import { t } from '../../../lib/i18n';

/** Multi-select values are stored comma-joined (spec/02 §9). */
export const MULTI_SEPARATOR = ',';
const MULTIPLE = new Set(['list_multi', 'select-multiple']);
const SEARCHABLE = new Set(['sel_search', 'sel_search_async', 'select-search', 'sel_user', 'sel_depart']);

export function splitMulti(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const s = textOf(value);
  return s ? s.split(MULTI_SEPARATOR) : [];
}

function displayText(value: unknown, known: Map<string, GridOption>): string {
  return splitMulti(value)
    .map((v) => {
      const o = known.get(v);
      return o ? optionText(o) : v;
    })
    .join(MULTI_SEPARATOR);
}

export const SelectCell = memo(function SelectCell(props: CellProps) {
  if (usesFullPicker(props.column)) return props.column.type === 'sel_user' ? <UserPickerCell {...props} /> : <DepartPickerCell {...props} />;
  return <OptionSelectCell {...props} />;
});

function OptionSelectCell(props: CellProps) {
  const { column, rowId, value, disabled, ctx } = props;
  const [editing, setEditing] = useState(false);
  const { options, loading, search, known } = useCellOptions(props, editing);
  const multiple = MULTIPLE.has(column.type);
  const remote = column.type === 'sel_search_async' || !!column.loadOptions;
  const text = displayText(value, known);

  if (column.onPick && !column.loadOptions) return <PickCell {...props} text={text} />;
  if (!editing || disabled) {
    return (
      <button
        type="button"
        className="eg-input eg-text eg-select"
        // a closed select: named by its column, the text it shows is its value (not its name)
        role="combobox"
        aria-expanded={false}
        aria-label={column.title}
        disabled={disabled}
        title={text}
        onClick={() => setEditing(true)}
        onFocus={() => setEditing(true)}
      >
        {text || <span className="eg-placeholder">{column.placeholder ?? t('请选择{label}', { label: column.title })}</span>}
      </button>
    );
  }
  const selectValue = multiple ? splitMulti(value) : textOf(value) === '' ? undefined : String(value);
  return (
    <Select
      aria-label={column.title}
      className="eg-editor"
      size={ctx.inputSize}
      autoFocus
      defaultOpen
      allowClear
      mode={multiple ? 'multiple' : undefined}
      maxTagCount={1}
      showSearch={SEARCHABLE.has(column.type)}
      filterOption={remote ? false : (input, o) => String(o?.label ?? '').includes(input)}
      onSearch={remote ? (kw) => void search(kw) : undefined}
      loading={loading}
      notFoundContent={loading ? t('加载中…') : t('没有查询到任何数据')}
      placeholder={column.placeholder ?? t('请选择{label}', { label: column.title })}
      options={options.map((o) => ({ value: String(o.value), label: optionText(o), disabled: o.disabled }))}
      value={selectValue}
      onChange={(v: string | string[] | undefined) => {
        const next = Array.isArray(v) ? v.join(MULTI_SEPARATOR) : (v ?? '');
        ctx.controller.setValue(rowId, column.key, next, 'change');
        if (!multiple) setEditing(false);
      }}
      onBlur={() => {
        setEditing(false);
        ctx.controller.validateLater(rowId, column.key);
      }}
      {...column.props}
    />
  );
}

/** sel_user / sel_depart with an external picker: the column's onPick resolves with the value. */
function PickCell({ column, rowId, disabled, ctx, text }: CellProps & { text: string }) {
  const pick = async () => {
    const row = ctx.controller.store.getRow(rowId);
    if (!row || !column.onPick) return;
    const picked = await column.onPick(row);
    if (picked !== undefined) {
      ctx.controller.setValue(rowId, column.key, Array.isArray(picked) ? picked.join(MULTI_SEPARATOR) : picked, 'change');
    }
  };
  return (
    <div className="eg-pick">
      <span className="eg-pick-text" title={text}>
        {text}
      </span>
      <Button size="small" disabled={disabled} onClick={() => void pick()}>
        {t('选择')}
      </Button>
    </div>
  );
}
