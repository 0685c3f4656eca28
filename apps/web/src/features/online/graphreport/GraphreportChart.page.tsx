// The page of one chart (the original's /online/graphreport/chart/:code, GraphreportAutoChart): the query
// form of its searchable fields, its charts (bar, line, pie) as tabs, in one column or in two, and with
// 数据表格 the rows below with a 总计 row. Parameters come from the address (?name=value is sent as
// self_name, as the original does); query values go as its `params` list.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Form, Input, Result, Row, Select, Space, Spin, Table, Tabs } from 'antd';
import type { ReportChartType } from '@anxue/shared/online-report';
import { useLocation } from 'react-router';
import { saveBlob } from '../../../components/list-page';
import { http, HttpError } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { ReportChart } from '../cgreport/ReportChart';
import { chartIdFromPath, chartOf, GRAPH_API, GRAPH_TYPE_OPTIONS, type GraphChartsData, type GraphItem } from './api';

type Filter = { fieldName: string; fieldTxt: string | null; fieldType: string | null; searchMode: string; value: unknown };
const CHART_TYPES = new Set<string>(['bar', 'line', 'pie']);

function selfParams(search: string, names: string[]): Record<string, string> {
  const q = new URLSearchParams(search);
  return Object.fromEntries(names.map((n) => [`self_${n}`, q.get(n) ?? '']));
}

function QueryForm({ items, dictOptions, onSearch }: { items: GraphItem[]; dictOptions: GraphChartsData['dictOptions']; onSearch: (filters: Filter[]) => void }) {
  const [form] = Form.useForm();
  const searchable = items.filter((i) => i.searchFlag === 'Y');
  if (!searchable.length) return null;
  const submit = () => {
    const v = form.getFieldsValue() as Record<string, unknown>;
    const filters: Filter[] = [];
    for (const i of searchable) {
      const range = i.searchMode === 'group';
      const value = range ? [v[`${i.fieldName}_begin`] ?? null, v[`${i.fieldName}_end`] ?? null] : v[i.fieldName];
      const empty = range ? (value as unknown[]).every((x) => x === null || x === '') : value === undefined || value === null || value === '';
      if (!empty) filters.push({ fieldName: i.fieldName, fieldTxt: i.fieldTxt, fieldType: i.fieldType, searchMode: range ? 'group' : 'single', value });
    }
    onSearch(filters);
  };
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Form form={form} layout="inline" onFinish={submit}>
        {searchable.map((i) => {
          const label = i.fieldTxt || i.fieldName;
          const options = dictOptions[i.fieldName];
          if (i.searchMode === 'group') {
            return (
              <Form.Item key={i.fieldName} label={label}>
                <Space.Compact>
                  <Form.Item name={`${i.fieldName}_begin`} noStyle>
                    <Input aria-label={t('{label}开始', { label })} placeholder={t('开始')} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={`${i.fieldName}_end`} noStyle>
                    <Input aria-label={t('{label}结束', { label })} placeholder={t('结束')} style={{ width: 110 }} />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            );
          }
          return (
            <Form.Item key={i.fieldName} label={label} name={i.fieldName}>
              {options ? <Select aria-label={label} allowClear style={{ width: 160 }} options={options.map((o) => ({ value: o.value, label: o.text }))} /> : <Input aria-label={label} style={{ width: 160 }} />}
            </Form.Item>
          );
        })}
        <Space>
          <Button type="primary" htmlType="submit">
            {t('查询')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch([]);
            }}
          >
            {t('重置')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

function DataTable({ data }: { data: GraphChartsData }) {
  const shown = data.items.filter((i) => i.isShow === 'Y');
  const totals = shown.filter((i) => i.isTotal === 'Y');
  const rows = data.data.map((r, i) => ({ ...r, __key: i }));
  if (totals.length) {
    const total: Record<string, unknown> = { __key: 'total', __total: true };
    for (const item of totals) {
      const sum = data.data.reduce((n, r) => n + Number(r[item.fieldName]), 0);
      total[item.fieldName] = Number.isNaN(sum) ? t('包含非数字内容') : Number(sum.toFixed(2));
    }
    rows.push(total as (typeof rows)[number]);
  }
  const text = (field: string, v: unknown) => data.dictOptions[field]?.find((o) => o.value === String(v ?? ''))?.text ?? (v as string);
  return (
    <Table
      size="middle"
      rowKey="__key"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: '#', key: 'index', width: 70, align: 'center', render: (_v, r: Record<string, unknown>, i) => (r.__total ? t('总计') : i + 1) },
        ...shown.map((i) => ({ title: i.fieldTxt || i.fieldName, dataIndex: i.fieldName, align: 'center' as const, render: (v: unknown) => text(i.fieldName, v) })),
      ]}
    />
  );
}

export default function GraphreportChartPage() {
  const location = useLocation();
  const id = chartIdFromPath(location.pathname);
  const [params, setParams] = useState<Record<string, string> | undefined>();
  const [filters, setFilters] = useState<Filter[]>([]);
  const [data, setData] = useState<GraphChartsData | undefined>();
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  // the chart's parameters once: their values come from the address
  useEffect(() => {
    let gone = false;
    setParams(undefined);
    setFailure(undefined);
    void http.get<Array<{ paramName: string }>>(GRAPH_API.params, { headId: id }, { silent: true }).then(
      (rows) => !gone && setParams(selfParams(location.search, (rows ?? []).map((p) => p.paramName))),
      (e: unknown) => !gone && setFailure(e instanceof HttpError ? e.message : String(e)),
    );
    return () => {
      gone = true;
    };
  }, [id, location.search]);

  const query = useMemo(() => ({ id, ...(params ?? {}), ...(filters.length ? { params: encodeURIComponent(JSON.stringify(filters)) } : {}) }), [id, params, filters]);

  const load = useCallback(async () => {
    if (!params) return;
    setLoading(true);
    try {
      setData(await http.get<GraphChartsData>(GRAPH_API.chartsData, query, { silent: true }));
      setFailure(undefined);
    } catch (e) {
      setFailure(e instanceof HttpError ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  }, [params, query]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failure && !data) return <Result status="warning" title={t('无法打开图表')} subTitle={failure} />;
  if (!data) {
    return (
      <Card variant="borderless">
        <Spin />
      </Card>
    );
  }

  const types = data.head.graphType.split(',').filter((type) => CHART_TYPES.has(type)) as ReportChartType[];
  const typeLabel = (type: string) => {
    const known = GRAPH_TYPE_OPTIONS.find((o) => o.value === type);
    return known ? t(known.label) : type;
  };
  const chart = (type: ReportChartType) => <ReportChart data={chartOf(data, type)} title={`${data.head.name}${typeLabel(type)}`} height={360} />;
  const empty = data.data.length === 0;
  const exportData = async () => {
    const blob = await http.blob(GRAPH_API.exportData, query, { silent: true });
    saveBlob(blob, `${data.head.name}.xlsx`);
  };

  return (
    <Spin spinning={loading}>
      <QueryForm items={data.items} dictOptions={data.dictOptions} onSearch={setFilters} />
      <Card title={data.head.name} extra={<Button onClick={() => void exportData()}>{t('导出')}</Button>}>
        {empty ? (
          <Empty description={t('没有查询到任何数据')} />
        ) : data.head.displayTemplate === 'tab' ? (
          <Tabs items={types.map((type) => ({ key: type, label: typeLabel(type), children: chart(type) }))} />
        ) : (
          <Row gutter={16}>
            {types.map((type) => (
              <Col key={type} span={data.head.displayTemplate === 'double' ? 12 : 24}>
                {chart(type)}
              </Col>
            ))}
          </Row>
        )}
      </Card>
      {!empty && data.head.graphType.split(',').includes('table') && (
        <Card title={t('数据明细')} style={{ marginTop: 16 }}>
          <DataTable data={data} />
        </Card>
      )}
    </Spin>
  );
}
