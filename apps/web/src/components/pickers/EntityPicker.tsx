// A generic business-entity picker as a form control: the value is the chosen records' valueKey,
// comma-joined; the text shows their displayKey. Existing values are read back through the same
// list url with `<valueKey>=a,b`, pageNo 1 and a page size of their count.
import { useState } from 'react';
import { http } from '../../lib/http';
import { SEPARATOR, WIDTHS } from './constants';
import { EntityPickerModal, type EntityColumn } from './EntityPickerModal';
import { PickerInput } from './PickerInput';
import { useKnownRows } from './useKnownRows';
import { joinValues, splitValues, textsFor } from './values';
import type { AnyRow } from './types';
import type { Page } from './usePagedRows';
import { t } from '../../lib/i18n';

export interface EntityPickerProps<T extends AnyRow = AnyRow> {
  value?: string;
  onChange?: (value: string, rows: T[]) => void;
  /** Paged list call (`{ records, total }`) of the entity. */
  listUrl: string;
  /** Stored field, default id. */
  valueKey?: string;
  /** Shown field, default the valueKey. */
  displayKey?: string;
  columns: EntityColumn[];
  /** Field the query box searches (default displayKey) and its label (default 名称). */
  queryParamCode?: string;
  queryParamText?: string;
  params?: Record<string, unknown>;
  /** Default true. */
  multiple?: boolean;
  /** What one record is called: the modal title is 选择{name}. */
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  modalWidth?: number;
  id?: string;
}

export function EntityPicker<T extends AnyRow = AnyRow>({
  value,
  onChange,
  listUrl,
  valueKey = 'id',
  displayKey,
  columns,
  queryParamCode,
  queryParamText = t('名称'),
  params,
  multiple = true,
  name = '',
  placeholder,
  disabled,
  modalWidth = WIDTHS.entity,
  id,
}: EntityPickerProps<T>) {
  const shownKey = displayKey ?? valueKey;
  const [open, setOpen] = useState(false);
  const values = splitValues(value);
  const { rows, remember } = useKnownRows<T>(values, valueKey, async (missing) => {
    const page = await http.get<Page<T>>(listUrl, { ...params, [valueKey]: missing.join(SEPARATOR), pageNo: 1, pageSize: missing.length }, { silent: true });
    return page?.records ?? [];
  });
  const text = textsFor(values, rows, valueKey, shownKey).join(SEPARATOR);

  return (
    <>
      <PickerInput id={id} text={text} placeholder={placeholder ?? t('请选择{label}', { label: name })} disabled={disabled} hasValue={values.length > 0} onOpen={() => setOpen(true)} onClear={() => onChange?.('', [])} />
      <EntityPickerModal<T>
        open={open}
        title={t('选择{name}', { name })}
        listUrl={listUrl}
        valueKey={valueKey}
        displayKey={shownKey}
        columns={columns}
        queryParamCode={queryParamCode ?? shownKey}
        queryParamText={queryParamText}
        params={params}
        multiple={multiple}
        initialRows={rows}
        width={modalWidth}
        onOk={(picked) => {
          remember(picked);
          setOpen(false);
          onChange?.(joinValues(picked.map((r) => r[valueKey] ?? '')), picked);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
