// A select over a dictionary's items (value/text), for query forms and edit forms.
import { Select, type SelectProps } from 'antd';
import type { DictOption } from '../../lib/types';
import { useDictOptions } from './useDictOptions';

export interface DictSelectProps extends Omit<SelectProps, 'options'> {
  dictCode?: string;
  /** Fixed options instead of a dictionary. */
  options?: DictOption[];
}

export function DictSelect({ dictCode, options, placeholder = '请选择', allowClear = true, ...rest }: DictSelectProps) {
  const items = useDictOptions(dictCode, options);
  return (
    <Select
      placeholder={placeholder}
      allowClear={allowClear}
      options={items.map((o) => ({ value: o.value, label: o.text ?? o.label ?? o.title, disabled: o.disabled }))}
      {...rest}
    />
  );
}
