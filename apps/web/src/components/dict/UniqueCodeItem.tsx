// A form's code field that must not repeat: required, bounded, checked against the server while typing
// (GET /sys/duplicate/check), with an optional extra pattern.
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { formRules } from '../../lib/formRules';
import { t } from '../../lib/i18n';
import { duplicateRule } from './duplicateRule';

export interface UniqueCodeItemProps {
  label: string;
  name: string;
  /** Declared table and column the duplicate check reads. */
  tableName: string;
  fieldName: string;
  /** The edited record's id (its own value is not a duplicate). */
  dataId?: string;
  max?: number;
  extraRules?: Rule[];
}

export function UniqueCodeItem({ label, name, tableName, fieldName, dataId, max = 100, extraRules = [] }: UniqueCodeItemProps) {
  return (
    <Form.Item label={label} name={name} validateDebounce={300} rules={[...formRules.required(label, { max }), ...extraRules, duplicateRule({ tableName, fieldName, dataId })]}>
      <Input placeholder={t('请输入{label}', { label })} />
    </Form.Item>
  );
}
