// A dictionary's items as the area's native picker: the same options as the back-office DictSelect
// (local cache, then the server), without antd's Select.
import { optionText, useDictOptions } from '../../../../components/dict/dictOptions';
import { Picker } from './ui';

export interface DictPickerProps {
  dictCode: string;
  label: string;
  placeholder?: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

export function DictPicker({ dictCode, label, placeholder, value, onChange }: DictPickerProps) {
  const items = useDictOptions(dictCode);
  const options = items.map((o) => ({ value: String(o.value), label: optionText(o), disabled: o.disabled }));
  return <Picker label={label} placeholder={placeholder} options={options} value={value} onChange={onChange} />;
}
