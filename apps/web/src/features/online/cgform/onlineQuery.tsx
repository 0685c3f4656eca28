// The query form of a generated page from getQueryInfoVue3: one control per query field by its widget,
// range fields (mode group on dates, times and numbers) as <field>_begin / <field>_end, text fields in
// like mode sent as *value*.
import type { ReactNode } from 'react';
import { Form, InputNumber, Space } from 'antd';
import type { SuperQueryField } from '../../../components/advanced-query';
import type { QueryRule } from '../../../components/list-page';
import type { OnlineProperty } from './api';
import { fieldControl, fieldConversions } from './fieldWidgets';
import { t } from '../../../lib/i18n';

const RANGE_VIEWS = new Set(['date', 'datetime', 'time', 'number']);
const NUMBER_TYPES = new Set(['number', 'integer', 'int', 'double', 'long', 'BigDecimal']);

export interface QueryField {
  key: string;
  prop: OnlineProperty;
  range: boolean;
}

export function queryFields(properties: Record<string, OnlineProperty> | undefined): QueryField[] {
  return Object.entries(properties ?? {})
    .map(([key, prop]) => {
      const view = prop.view === 'text' && NUMBER_TYPES.has(prop.type ?? '') ? 'number' : prop.view;
      return { key, prop, range: prop.mode === 'group' && RANGE_VIEWS.has(view) };
    })
    .sort((a, b) => (a.prop.order ?? 999) - (b.prop.order ?? 999));
}

/** Text fields queried in like mode are sent wrapped (*value*), as the original's JInput. */
export function queryRulesOf(fields: QueryField[]): Record<string, QueryRule> {
  return Object.fromEntries(fields.filter((f) => f.prop.mode === 'like' && ['text', 'textarea', 'password', undefined].includes(f.prop.view)).map((f) => [f.key, 'like' as QueryRule]));
}

function rangeControl(name: string, prop: OnlineProperty, edge: 'begin' | 'end'): ReactNode {
  const placeholder = edge === 'begin' ? t('开始') : t('结束');
  if (prop.view === 'text' || prop.view === 'number' || !prop.view) return <InputNumber placeholder={placeholder} style={{ width: 120 }} />;
  return fieldControl(name, prop, { query: true, placeholder });
}

export function queryItems(fields: QueryField[]): ReactNode[] {
  return fields.map(({ key, prop, range }) => {
    if (range) {
      return (
        <Form.Item key={key} label={prop.title} style={{ marginBottom: 0 }}>
          <Space.Compact>
            <Form.Item name={`${key}_begin`} noStyle {...fieldConversions(prop)}>
              {rangeControl(key, { ...prop, title: t('{label}开始', { label: prop.title }) }, 'begin')}
            </Form.Item>
            <span style={{ padding: '4px 8px' }}>~</span>
            <Form.Item name={`${key}_end`} noStyle {...fieldConversions(prop)}>
              {rangeControl(key, { ...prop, title: t('{label}结束', { label: prop.title }) }, 'end')}
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      );
    }
    const control = fieldControl(key, prop, { query: true, placeholder: ['text', 'textarea', 'password'].includes(prop.view) ? t('请输入{label}', { label: prop.title }) : undefined });
    return (
      <Form.Item key={key} label={prop.title} name={key} style={{ minWidth: 240 }} {...(prop.view === 'switch' ? {} : fieldConversions(prop))}>
        {control}
      </Form.Item>
    );
  });
}

/** Advanced-query fields from the form's fields (sub tables as groups). */
export function superQueryFields(properties: Record<string, OnlineProperty>): SuperQueryField[] {
  const one = (key: string, p: OnlineProperty): SuperQueryField => ({
    value: key,
    text: p.title,
    type: ['date', 'datetime', 'time'].includes(p.view) ? p.view : ['list', 'radio', 'checkbox', 'list_multi', 'sel_search', 'switch'].includes(p.view) ? 'list' : NUMBER_TYPES.has(p.type ?? '') ? 'number' : 'string',
    dictCode: p.dictTable ? `${p.dictTable},${p.dictText ?? ''},${p.dictCode ?? ''}` : p.dictCode,
  });
  return Object.entries(properties)
    .filter(([, p]) => p.view !== 'tab' && p.view !== 'hidden')
    .sort(([, a], [, b]) => (a.order ?? 999) - (b.order ?? 999))
    .map(([k, p]) => one(k, p));
}
