// The popup's query form, built from the report's query info: dictionary fields as selects, range
// fields as a begin/end pair, dates as date pickers, text as a contains match. Fields marked hidden
// show once the form is expanded.
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { containsQuery } from './values';
import type { PopupColumnsAnswer, PopupQueryItem } from './popupApi';
import { t } from '../../lib/i18n';

export interface PopupQueryFormProps {
  items: PopupQueryItem[];
  dictOptions: PopupColumnsAnswer['dictOptions'];
  onSearch: (query: Record<string, string>) => void;
}

const isDate = (i: PopupQueryItem) => i.type === 'date' || i.type === 'datetime';
const isRange = (i: PopupQueryItem) => i.mode === 'range' || i.mode === 'group';

function text(v: unknown, item: PopupQueryItem): string {
  if (v === undefined || v === null || v === '') return '';
  if (typeof v === 'object' && 'format' in (v as object)) return (v as Dayjs).format(item.type === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
  return String(v).trim();
}

/** The query as the report's getData reads it. */
export function toQuery(values: Record<string, unknown>, items: PopupQueryItem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    if (isRange(item)) {
      for (const end of ['begin', 'end']) {
        const v = text(values[`${item.field}_${end}`], item);
        if (v) out[`${item.field}_${end}`] = v;
      }
      continue;
    }
    const v = text(values[item.field], item);
    if (!v) continue;
    out[item.field] = item.dictCode || isDate(item) || (item.type && item.type !== 'string') ? v : containsQuery(v);
  }
  return out;
}

export function PopupQueryForm({ items, dictOptions, onSearch }: PopupQueryFormProps) {
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  if (!items.length) return null;
  const anyHidden = items.some((i) => i.hidden === '1');

  const control = (item: PopupQueryItem, name: string, placeholder: string) => {
    if (item.dictCode || dictOptions[item.field]) {
      return (
        <Select aria-label={item.label} allowClear placeholder={t('请选择{label}', { label: item.label })} style={{ width: 160 }} options={(dictOptions[item.field] ?? []).map((o) => ({ value: o.value, label: o.text }))} />
      );
    }
    if (isDate(item)) return <DatePicker aria-label={name} placeholder={placeholder} showTime={item.type === 'datetime'} />;
    return <Input aria-label={name} placeholder={placeholder} allowClear style={{ width: 160 }} />;
  };

  return (
    <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(values) => onSearch(toQuery(values, items))}>
      {items
        .filter((i) => expanded || i.hidden !== '1')
        .map((item) =>
          isRange(item) ? (
            <Form.Item key={item.field} label={item.label}>
              <Space.Compact>
                <Form.Item name={`${item.field}_begin`} noStyle>
                  {control(item, t('{label}开始', { label: item.label }), t('开始值'))}
                </Form.Item>
                <Form.Item name={`${item.field}_end`} noStyle>
                  {control(item, t('{label}结束', { label: item.label }), t('结束值'))}
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          ) : (
            <Form.Item key={item.field} label={item.label} name={item.field}>
              {control(item, item.label, t('请输入{label}', { label: item.label }))}
            </Form.Item>
          ),
        )}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('查询')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('重置')}
        </Button>
        {anyHidden && (
          <Button type="link" onClick={() => setExpanded((x) => !x)}>
            {expanded ? t('收起') : t('展开')}
          </Button>
        )}
      </Space>
    </Form>
  );
}
