// A text field of a list's query form: label, 请输入<label> placeholder, clearable.
import { Form, Input } from 'antd';

export function QueryInput({ label, name, placeholder }: { label: string; name: string; placeholder?: string }) {
  return (
    <Form.Item label={label} name={name}>
      <Input placeholder={placeholder ?? `请输入${label}`} allowClear />
    </Form.Item>
  );
}
