// 弹窗选择: a form control driven by an online report. It checks its configuration before opening;
// the chosen rows' source fields fill the target fields (of the surrounding antd Form, and through
// onPopupSelect), and the control's own value is its target field's.
import { useState } from 'react';
import { Form } from 'antd';
import { message } from '../../lib/antd/static';
import { usePermission } from '../../lib/permission';
import { MESSAGES, WIDTHS } from './constants';
import { checkPopupConfig, parseSorter } from './popupConfig';
import { PickerInput } from './PickerInput';
import { reportPermission } from './popupApi';
import { PopupModal } from './PopupModal';
import type { AnyRow } from './types';
import { t } from '../../lib/i18n';

export interface PopupPickerProps {
  /** Report code. */
  code: string;
  /** Source fields of the report rows, comma-joined. */
  orgFields: string;
  /** Target fields, comma-joined, as many as orgFields. */
  destFields: string;
  /** Which target field this control shows (default the first). */
  field?: string;
  /** Several rows; default one. */
  multi?: boolean;
  /** 'column=asc' or 'column=desc'. */
  sorter?: string;
  /** Report parameters, sent as self_<name>. */
  param?: Record<string, unknown>;
  value?: string;
  onChange?: (value: string) => void;
  /** Every target field's value and the chosen rows. */
  onPopupSelect?: (values: Record<string, string>, rows: AnyRow[]) => void;
  title?: string;
  width?: number;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

export function PopupPicker({ code, orgFields, destFields, field, multi = false, sorter, param, value, onChange, onPopupSelect, title, width = WIDTHS.popup, placeholder = t('请选择'), disabled, id }: PopupPickerProps) {
  const form = Form.useFormInstance() as ReturnType<typeof Form.useFormInstance> | undefined;
  const [open, setOpen] = useState(false);
  const config = checkPopupConfig(code, orgFields, destFields);
  const sort = parseSorter(sorter);
  // without the report's permission the control keeps its value but does not open (nothing is asked);
  // a broken configuration still says what is wrong when clicked
  const denied = !usePermission().has(reportPermission(code)) && !('error' in config);

  const openPopup = () => {
    if ('error' in config) {
      void message.error(config.error);
      return;
    }
    if (sort === 'invalid') void message.warning(t(MESSAGES.popupBadSorter));
    setOpen(true);
  };

  const own = 'error' in config ? undefined : (field ?? config.destFields[0]);

  const fill = (values: Record<string, string>) => {
    if (form?.setFieldsValue) {
      const others = Object.fromEntries(Object.entries(values).filter(([k]) => k !== own));
      if (Object.keys(others).length) form.setFieldsValue(others);
    }
    if (own) onChange?.(values[own] ?? '');
  };

  const emit = (values: Record<string, string>, rows: AnyRow[]) => {
    setOpen(false);
    fill(values);
    onPopupSelect?.(values, rows);
  };

  // clearing empties every target field, as picking fills them all
  const clear = () => fill('error' in config ? {} : Object.fromEntries(config.destFields.map((d) => [d, ''])));

  return (
    <>
      <PickerInput id={id} text={value ?? ''} placeholder={placeholder} disabled={disabled || denied} hasValue={!!value} onOpen={openPopup} onClear={clear} />
      {!('error' in config) && (
        <PopupModal
          open={open}
          code={code}
          fields={config}
          multi={multi}
          sort={sort === 'invalid' ? undefined : sort}
          param={param}
          title={title}
          width={width}
          onOk={emit}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
