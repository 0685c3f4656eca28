// The value widget of one condition, chosen by the field's type: dictionary select, date, number, text.
// Rule 'in' takes several values.
import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT } from '@anxue/shared/constants';
import { DictSelect } from '../list-page/DictSelect';
import type { SuperQueryField, SuperQueryRule } from './types';
import { t } from '../../lib/i18n';

const NUMBER_TYPES = new Set(['int', 'integer', 'number', 'double', 'BigDecimal', 'long']);

export interface ValueInputProps {
  field?: SuperQueryField;
  rule?: SuperQueryRule;
  value?: string | string[];
  onChange: (v: string | string[] | undefined) => void;
}

export function ValueInput({ field, rule, value, onChange }: ValueInputProps) {
  const multi = rule === 'in';
  const common = { style: { width: '100%' }, 'aria-label': t('查询值') };
  if (field && (field.dictCode || field.options)) {
    return (
      <DictSelect
        {...common}
        dictCode={field.dictCode}
        options={field.options}
        mode={multi ? 'multiple' : undefined}
        value={value}
        onChange={(v: string | string[] | undefined) => onChange(v)}
        placeholder={t('请选择')}
      />
    );
  }
  if (multi) {
    return <Select {...common} mode="tags" open={false} tokenSeparators={[',']} value={Array.isArray(value) ? value : value ? [value] : []} onChange={(v: string[]) => onChange(v)} placeholder={t('输入后回车，可输入多个值')} />;
  }
  const single = Array.isArray(value) ? value[0] : value;
  const type = field?.type ?? 'string';
  if (type === 'date' || type === 'datetime') {
    const format = type === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
    return (
      <DatePicker
        {...common}
        showTime={type === 'datetime'}
        format={format}
        value={single ? dayjs(single, format) : null}
        onChange={(d) => onChange(d ? d.format(format) : undefined)}
        placeholder={t('请选择日期')}
      />
    );
  }
  if (NUMBER_TYPES.has(type)) {
    return <InputNumber {...common} value={single === undefined || single === '' ? null : Number(single)} onChange={(n) => onChange(n === null ? undefined : String(n))} placeholder={t('请输入数值')} />;
  }
  return <Input {...common} value={single} onChange={(e) => onChange(e.target.value)} placeholder={t('请输入值')} />;
}
