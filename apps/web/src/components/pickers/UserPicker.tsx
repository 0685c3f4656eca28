// 选择用户 as a form control: the value is the chosen users' store field (username by default),
// comma-joined; the text shows their realname. fieldExtendJson may override store, text and multiSelect.
import { useState } from 'react';
import { http } from '../../lib/http';
import { SEPARATOR, USER_DISPLAY_MAX, WIDTHS } from './constants';
import { PickerInput } from './PickerInput';
import { UserPickerModal } from './UserPickerModal';
import { useKnownRows } from './useKnownRows';
import { joinValues, parseFieldExtend, splitValues, textsFor, truncate, type FieldExtend } from './values';
import type { UserRow } from './types';
import { t } from '../../lib/i18n';

export const MULTI_USER_URL = '/sys/user/getMultiUser';

export interface UserPickerProps {
  value?: string;
  onChange?: (value: string, users: UserRow[]) => void;
  /** Default true. */
  multiSelect?: boolean;
  /** Stored field, default username. */
  store?: string;
  /** Shown field, default realname. */
  text?: string;
  /** A grid column's extension: `{"store":"id","text":"username","multiSelect":false}` (string or object); wins over the props. */
  fieldExtendJson?: string | FieldExtend;
  placeholder?: string;
  disabled?: boolean;
  modalWidth?: number;
  id?: string;
  /** The list the dialog chooses from and its fixed parameters (default: every user of the tenant). */
  listUrl?: string;
  listParams?: Record<string, unknown>;
}

export function UserPicker({ value, onChange, multiSelect = true, store = 'username', text = 'realname', fieldExtendJson, placeholder = t('请选择用户'), disabled, modalWidth = WIDTHS.user, id, listUrl, listParams }: UserPickerProps) {
  const ext = parseFieldExtend(fieldExtendJson);
  const storeField = ext.store ?? store;
  const textField = ext.text ?? text;
  const multiple = ext.multiSelect ?? multiSelect;
  const [open, setOpen] = useState(false);
  const values = splitValues(value);
  const { rows, remember } = useKnownRows<UserRow>(values, storeField, (missing) =>
    http.get<UserRow[]>(MULTI_USER_URL, { [storeField]: missing.join(SEPARATOR) }, { silent: true }),
  );
  const full = textsFor(values, rows, storeField, textField).join(SEPARATOR);

  const choose = (picked: UserRow[]) => {
    remember(picked);
    setOpen(false);
    onChange?.(joinValues(picked.map((r) => r[storeField] ?? '')), picked);
  };

  return (
    <>
      <PickerInput
        id={id}
        text={truncate(full, USER_DISPLAY_MAX)}
        title={full}
        placeholder={placeholder}
        disabled={disabled}
        hasValue={values.length > 0}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.('', [])}
      />
      <UserPickerModal open={open} multiple={multiple} store={storeField} initialRows={rows} width={modalWidth} listUrl={listUrl} listParams={listParams} onOk={choose} onCancel={() => setOpen(false)} />
    </>
  );
}
