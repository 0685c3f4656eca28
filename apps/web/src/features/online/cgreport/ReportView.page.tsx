// The page of one online report (the original's /online/cgreport/:id, OnlCgReportList): the query form of
// its searchable columns, the table with dictionary texts and links, a 合计 row of the total columns over
// the whole result, export, and the report's chart. Parameters come from the address (?name=value is sent
// as self_name, as the original sends the route's query).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useLocation } from 'react-router';
import { PopupQueryForm } from '../../../components/pickers/PopupQueryForm';
import type { PopupQueryItem } from '../../../components/pickers';
import { saveBlob } from '../../../components/list-page';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { CGREPORT_API, reportIdFromPath, type ReportChartData, type ReportColumnsAndData, type ReportQueryField } from './api';
import { ReportChart } from './ReportChart';

type Row = Record<string, unknown>;
const TOTAL_KEY = '__total__';
const TYPE_OF: Record<string, string> = { Date: 'date', Datetime: 'datetime', String: 'string', date: 'date', datetime: 'datetime', string: 'string' };

function paramsFromSearch(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  new URLSearchParams(search).forEach((v, k) => {
    if (/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(k)) out[`self_${k}`] = v;
  });
  return out;
}

export default function ReportViewPage() {
  const location = useLocation();
  const id = reportIdFromPath(location.pathname);
  const selfParams = useMemo(() => paramsFromSearch(location.search), [location.search]);
  const [meta, setMeta] = useState<Omit<ReportColumnsAndData, 'data'> | undefined>();
  const [queryInfo, setQueryInfo] = useState<ReportQueryField[]>([]);
  const [data, setData] = useState<ReportColumnsAndData['data'] | undefined>();
  const [chart, setChart] = useState<ReportChartData | undefined>();
  const [query, setQuery] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [sort, setSort] = useState<{ column?: string; order?: 'asc' | 'desc' }>({});
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const params = useMemo(
    () => ({ ...selfParams, ...query, ...(sort.column ? { column: sort.column, order: sort.order } : {}), pageNo: page.pageNo, pageSize: page.pageSize }),
    [selfParams, query, sort, page],
  );

  // columns, dictionaries and the query form once per report
  useEffect(() => {
    if (!id) return;
    let gone = false;
    setMeta(undefined);
    setFailed(false);
    void Promise.all([http.get<ReportColumnsAndData>(CGREPORT_API.columnsAndData(id), { ...selfParams, pageNo: 1, pageSize: 10 }), http.get<ReportQueryField[]>(CGREPORT_API.queryInfo(id))]).then(
      ([both, info]) => {
        if (gone) return;
        const { data: first, ...rest } = both;
        setMeta(rest);
        setData(first);
        setQueryInfo(info ?? []);
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
    };
  }, [id, selfParams]);

  const load = useCallback(async () => {
    if (!id || !meta) return;
    setLoading(true);
    try {
      setData(await http.get<ReportColumnsAndData['data']>(CGREPORT_API.data(id), params));
    } catch {
      // the client showed the notice
    } finally {
      setLoading(false);
    }
  }, [id, meta, params]);

  useEffect(() => {
    void load();
  }, [load]);

  // the chart follows the query and the parameters, not the page
  useEffect(() => {
    if (!id || !meta) return;
    let gone = false;
    void http.get<ReportChartData>(CGREPORT_API.chart(id), { ...selfParams, ...query }).then(
      (c) => !gone && setChart(c?.chartType ? c : undefined),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [id, meta, selfParams, query]);

  const columns: ColumnsType<Row> = useMemo(
    () =>
      (meta?.columns ?? []).map((c) => ({
        title: c.title,
        dataIndex: c.dataIndex,
        key: c.dataIndex,
        width: c.fieldWidth,
        sorter: true,
        render: (v: unknown, row: Row) => {
          if (row[TOTAL_KEY]) return v as React.ReactNode;
          const shown = c.customRender && row[`${c.dataIndex}_dictText`] !== undefined ? row[`${c.dataIndex}_dictText`] : v;
          const text = shown === null || shown === undefined ? '' : String(c.fieldType === 'Date' && typeof shown === 'string' ? shown.slice(0, 10) : shown);
          const href = meta?.fieldHrefSlots.find((h) => h.field === c.dataIndex)?.href;
          if (href && text) {
            const url = href.replace(/\$\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(String(row[k] ?? '')));
            return /^https?:\/\//.test(url) ? (
              <a href={url} target="_blank" rel="noreferrer">
                {text}
              </a>
            ) : (
              <a href={url}>{text}</a>
            );
          }
          return text;
        },
      })),
    [meta],
  );

  const rows: Row[] = useMemo(() => {
    const records = (data?.records ?? []).map((r, i) => ({ __key: `${page.pageNo}-${i}`, ...r }));
    if (!data?.totals || !meta?.columns.length) return records;
    const first = meta.columns[0].dataIndex;
    const total: Row = { __key: TOTAL_KEY, [TOTAL_KEY]: true, [first]: t('合计') };
    for (const [field, sum] of Object.entries(data.totals)) total[field] = Number.isInteger(sum) ? sum : sum.toFixed(2);
    return [...records, total];
  }, [data, meta, page.pageNo]);

  const queryItems: PopupQueryItem[] = useMemo(() => queryInfo.map((q) => ({ ...q, type: TYPE_OF[q.type] ?? q.type })), [queryInfo]);

  const exportXls = async () => {
    if (!meta) return;
    try {
      const { pageNo: _p, pageSize: _s, ...rest } = params;
      saveBlob(await http.blob(CGREPORT_API.export(id), rest, { timeoutMs: 120_000 }), `${meta.cgreportHeadName}.xlsx`);
    } catch {
      // the client showed the notice
    }
  };

  if (failed) return <Empty description={t('报表无法打开')} />;
  return (
    <Card title={meta?.cgreportHeadName ?? t('报表')} loading={!meta}>
      {meta && (
        <>
          <PopupQueryForm
            items={queryItems}
            dictOptions={meta.dictOptions}
            onSearch={(q) => {
              setQuery(q);
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          />
          <Space style={{ marginBottom: 12 }}>
            <Button onClick={() => void exportXls()}>{t('导出')}</Button>
            {data?.totals && <Typography.Text type="secondary">{t('合计为全部查询结果之和')}</Typography.Text>}
          </Space>
          <Table<Row>
            size="middle"
            rowKey="__key"
            loading={loading}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total: data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('共 {total} 条', { total }),
            }}
            onChange={(pagination, _filters, sorter) => {
              const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row>;
              setSort(s?.order ? { column: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : {});
              setPage({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
            }}
          />
          {chart && (
            <div style={{ marginTop: 16 }}>
              <ReportChart data={chart} title={meta.cgreportHeadName} />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
