// A Select inside a required Form.Item. antd's Form.Item gives its control aria-required, which a Select
// puts on its outer <div>, where ARIA does not allow it (axe: aria-allowed-attr); the field's asterisk and
// its rule still say it is required.
import { Select, type SelectProps } from 'antd';

export function FormSelect<V = unknown>(props: SelectProps<V> & { 'aria-required'?: unknown }) {
  const { 'aria-required': _required, ...rest } = props;
  return <Select<V> {...rest} />;
}
