// A text field of a list's query form: label, 请输入<label> placeholder, clearable.
import { Form, Input } from 'antd';
import { t } from '../../lib/i18n';

export function QueryInput({ label, name, placeholder }: { label: string; name: string; placeholder?: string }) {
  return (
    <Form.Item label={label} name={name}>
      <Input placeholder={placeholder ?? t('请输入{label}', { label })} allowClear />
    </Form.Item>
  );
}
