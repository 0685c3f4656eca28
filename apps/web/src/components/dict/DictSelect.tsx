// A dictionary's items as a select, radio group, radio buttons, checkboxes or multi-select; a
// controlled form widget. Checkbox and multi-select values are comma-joined strings ('1,3').
import { useEffect } from 'react';
import { Checkbox, Radio, Select, type SelectProps } from 'antd';
import type { DictOption } from '../../lib/types';
import { joinValue, singleValue, splitValue } from './commaValue';
import { optionText, useDictOptions } from './dictOptions';
import { DICT_CODE_REQUIRED, SELECT_PLACEHOLDER } from './messages';
import { t } from '../../lib/i18n';

export type DictSelectType = 'select' | 'radio' | 'radioButton' | 'checkbox' | 'multiple';

export interface DictSelectProps extends Omit<SelectProps, 'options' | 'value' | 'onChange'> {
  /** A dictionary code, or the table form `table,textField,codeField`. */
  dictCode?: string;
  type?: DictSelectType;
  /** Fixed options instead of a dictionary. */
  options?: DictOption[];
  /** A string ('a,b' for checkbox/multiple); plain selects in `mode="multiple"` keep arrays. */
  value?: unknown;
  /** Receives what the form stores: a string, or undefined when cleared (arrays for plain multi-mode). */
  onChange?: (value: any) => void;
}

export function DictSelect(props: DictSelectProps) {
  const { dictCode, type = 'select', options, value, onChange, placeholder = t(SELECT_PLACEHOLDER), allowClear = true, disabled, ...rest } = props;
  const missingCode = !dictCode && !options;
  useEffect(() => {
    if (missingCode) console.error(DICT_CODE_REQUIRED);
  }, [missingCode]);
  const items = useDictOptions(dictCode, options);
  const choices = items.map((o) => ({ value: String(o.value), label: optionText(o), disabled: o.disabled }));

  if (type === 'radio' || type === 'radioButton') {
    return (
      <Radio.Group
        value={singleValue(value)}
        onChange={(e) => onChange?.(e.target.value)}
        options={choices}
        optionType={type === 'radioButton' ? 'button' : 'default'}
        buttonStyle={type === 'radioButton' ? 'solid' : undefined}
        disabled={disabled}
      />
    );
  }
  if (type === 'checkbox') {
    // Plain checkboxes: antd's group drops values of options that arrive after it mounted.
    const checked = new Set(splitValue(value));
    const toggle = (v: string, on: boolean) => {
      const next = new Set(checked);
      if (on) next.add(v);
      else next.delete(v);
      const ordered = choices.filter((c) => next.has(c.value)).map((c) => c.value);
      onChange?.(joinValue([...ordered, ...[...next].filter((n) => !choices.some((c) => c.value === n))]));
    };
    return (
      <span className="ant-checkbox-group" role="group">
        {choices.map((c) => (
          <Checkbox key={c.value} checked={checked.has(c.value)} disabled={disabled || c.disabled} onChange={(e) => toggle(c.value, e.target.checked)}>
            {c.label}
          </Checkbox>
        ))}
      </span>
    );
  }
  if (type === 'multiple') {
    return (
      <Select
        mode="multiple"
        placeholder={placeholder}
        allowClear={allowClear}
        disabled={disabled}
        optionFilterProp="label"
        {...rest}
        value={splitValue(value)}
        onChange={(v: string[]) => onChange?.(joinValue(v))}
        options={choices}
      />
    );
  }
  const passThroughArrays = rest.mode === 'multiple' || rest.mode === 'tags';
  return (
    <Select
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      optionFilterProp="label"
      {...rest}
      value={passThroughArrays ? (value as string[] | undefined) : singleValue(value)}
      onChange={(v) => onChange?.(v)}
      options={choices}
    />
  );
}
