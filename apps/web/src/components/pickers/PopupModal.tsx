// The popup picker's modal: loads the report's columns, then its query info, then its data; submit
// emits the chosen rows mapped from the source fields to the target fields and closes; cancel clears.
import { useEffect, useRef, useState } from 'react';
import { Modal as AntModal, Table } from 'antd';
import type { TableProps } from 'antd';

import { message, Modal } from '../../lib/antd/static';
import { HttpError } from '../../lib/http';
import { usePermission } from '../../lib/permission';
import { MESSAGES, POPUP_PAGE, SEPARATOR, WIDTHS } from './constants';
import { getData, getQueryInfo, getRpColumns, reportPermission, type PopupColumnsAnswer, type PopupQueryItem } from './popupApi';
import { mapRows, popupRowKey, selectionError, selfParams, type PopupFieldMap, type PopupSort } from './popupConfig';
import { PopupQueryForm } from './PopupQueryForm';
import { usePagedRows } from './usePagedRows';
import { useKeyedSelection } from './useKeyedSelection';
import type { AnyRow } from './types';
import { totalText, t } from '../../lib/i18n';

export interface PopupModalProps {
  open: boolean;
  code: string;
  fields: PopupFieldMap;
  multi?: boolean;
  sort?: PopupSort;
  param?: Record<string, unknown>;
  /** Default: the report's name. */
  title?: string;
  width?: number;
  onOk: (values: Record<string, string>, rows: AnyRow[]) => void;
  onClose: () => void;
}

const errorText = (e: unknown) => (e instanceof HttpError || e instanceof Error ? e.message : '');

function dictRender(options: Array<{ value: string; text: string }> | undefined) {
  return (v: unknown) => {
    if (v === null || v === undefined || v === '') return '';
    return String(v)
      .split(SEPARATOR)
      .map((x) => options?.find((o) => String(o.value) === x)?.text ?? x)
      .join(SEPARATOR);
  };
}

export function PopupModal({ open, code, fields, multi = false, sort, param, title, width = WIDTHS.popup, onOk, onClose }: PopupModalProps) {
  const [report, setReport] = useState<PopupColumnsAnswer | undefined>();
  const [queryItems, setQueryItems] = useState<PopupQueryItem[]>([]);
  const [query, setQuery] = useState<Record<string, string>>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<number>(POPUP_PAGE.pageSize);
  const [order, setOrder] = useState<PopupSort | undefined>(sort);
  const selection = useKeyedSelection<AnyRow>(popupRowKey, multi);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // a report the user may not read is not asked for at all (the server would refuse it)
  const mayRead = usePermission().has(reportPermission(code));

  // columns, then query info; data follows once the report is known
  useEffect(() => {
    // forget the last report on closing, so a reopening loads nothing before its columns
    setReport(undefined);
    setQueryItems([]);
    setQuery({});
    setPageNo(1);
    setOrder(sort);
    if (!open) return;
    if (!mayRead) {
      void message.warning(t(MESSAGES.popupNoPermission));
      closeRef.current();
      return;
    }
    let live = true;
    (async () => {
      let answer: PopupColumnsAnswer;
      try {
        answer = await getRpColumns(code);
      } catch (e) {
        if (!live) return;
        Modal.error({ title: t(MESSAGES.popupInitTitle), content: `${t(MESSAGES.popupInitFailed)}${errorText(e)}`, onOk: () => closeRef.current() });
        return;
      }
      if (!live) return;
      try {
        const info = await getQueryInfo(answer.cgRpConfigId);
        if (live) setQueryItems(info ?? []);
      } catch (e) {
        if (live) void message.warning(errorText(e));
      }
      if (live) setReport(answer);
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, code, mayRead]);

  const params = { ...query, ...selfParams(param), ...(order ? { column: order.column, order: order.order } : {}), pageNo, pageSize };
  const load = open && report && mayRead ? () => getData(report.cgRpConfigId, params) : null;
  const { records, total, loading } = usePagedRows(load, [open, report, JSON.stringify(params)]);

  const close = () => {
    selection.reset();
    onClose();
  };

  const submit = () => {
    const rows = selection.rows;
    const refusal = selectionError(rows.length, multi);
    if (refusal) {
      void message.warning(refusal);
      return;
    }
    selection.reset();
    onOk(mapRows(rows, fields), rows);
  };

  const columns: TableProps<AnyRow>['columns'] = (report?.columns ?? []).map((c) => ({
    title: c.title,
    dataIndex: c.dataIndex,
    sorter: true,
    sortOrder: order?.column === c.dataIndex ? (order.order === 'asc' ? 'ascend' : 'descend') : null,
    render: c.customRender ? dictRender(report?.dictOptions[c.dataIndex]) : undefined,
  }));

  const onTableChange: TableProps<AnyRow>['onChange'] = (p, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setOrder(s?.order && s.field ? { column: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined);
    setPageNo(p.current ?? 1);
    setPageSize(p.pageSize ?? POPUP_PAGE.pageSize);
  };

  return (
    <AntModal open={open} title={title ?? report?.cgRpConfigName ?? t('请选择')} width={width} destroyOnHidden onOk={submit} onCancel={close}>
      <PopupQueryForm
        items={queryItems}
        dictOptions={report?.dictOptions ?? {}}
        onSearch={(q) => {
          setQuery(q);
          setPageNo(1);
        }}
      />
      <Table<AnyRow>
        size="small"
        rowKey={popupRowKey}
        loading={loading || (open && !report)}
        dataSource={records}
        columns={columns}
        rowSelection={selection.rowSelection('checkbox')}
        onRow={(r) => ({ onClick: () => selection.toggle(r) })}
        onChange={onTableChange}
        pagination={{ current: pageNo, pageSize, total, pageSizeOptions: [...POPUP_PAGE.pageSizeOptions], showSizeChanger: true, showTotal: totalText }}
      />
    </AntModal>
  );
}
