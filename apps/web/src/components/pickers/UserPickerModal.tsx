// 选择用户: the department tree on the left narrows the user list on the right; query by account,
// sex and birthday; single or multiple selection kept across pages.
import { useCallback, useEffect, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Table } from 'antd';
import type { TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { SEX } from '@anxue/shared/constants';
import { http } from '../../lib/http';
import { DepartTree } from '../tree';
import { NARROW_VIEWPORT, SEX_OPTIONS, USER_PAGE, USER_SCROLL_X, USER_SORT, WIDTHS } from './constants';
import { usePagedRows, type Page } from './usePagedRows';
import { useKeyedSelection } from './useKeyedSelection';
import { containsQuery } from './values';
import type { UserRow } from './types';
import { totalText, t } from '../../lib/i18n';

export const USER_LIST_URL = '/sys/user/queryUserComponentData';

export interface UserPickerModalProps {
  open: boolean;
  multiple?: boolean;
  /** Field identifying a user (the stored value); rows are keyed by it. */
  store?: string;
  /** Users already chosen, shown selected when the modal opens. */
  initialRows?: UserRow[];
  width?: number;
  title?: string;
  /** Another list to choose from (same query and page shape), e.g. a class's candidate students. */
  listUrl?: string;
  /** Parameters sent with every request of that list. */
  listParams?: Record<string, unknown>;
  onOk: (rows: UserRow[]) => void;
  onCancel: () => void;
}

interface UserQuery {
  username?: string;
  sex?: string;
  birthday?: Dayjs | null;
}

const sexText = (r: UserRow) => r.sex_dictText || SEX[String(r.sex ?? '') as keyof typeof SEX] || '';

export function UserPickerModal({ open, multiple = true, store = 'username', initialRows = [], width = WIDTHS.user, title = t('选择用户'), listUrl = USER_LIST_URL, listParams, onOk, onCancel }: UserPickerModalProps) {
  const [form] = Form.useForm<UserQuery>();
  const [departId, setDepartId] = useState<string | undefined>();
  const [query, setQuery] = useState<UserQuery>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<number>(USER_PAGE.pageSize);
  const [sort, setSort] = useState<{ column: string; order: 'asc' | 'desc' }>({ ...USER_SORT });
  const rowKey = useCallback((r: UserRow) => String(r[store] ?? r.id), [store]);
  const selection = useKeyedSelection<UserRow>(rowKey, multiple);

  useEffect(() => {
    if (!open) return;
    selection.reset(initialRows);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const load = open
    ? () =>
        http.get<Page<UserRow>>(listUrl, {
          ...listParams,
          username: containsQuery(query.username ?? '') || undefined,
          sex: query.sex || undefined,
          birthday: query.birthday ? query.birthday.format('YYYY-MM-DD') : undefined,
          departId,
          column: sort.column,
          order: sort.order,
          pageNo,
          pageSize,
        })
    : null;
  const { records, total, loading } = usePagedRows(load, [open, departId, query, pageNo, pageSize, sort]);

  const search = () => {
    setQuery({ ...form.getFieldsValue() });
    setPageNo(1);
  };
  const reset = () => {
    form.resetFields();
    setQuery({});
    setPageNo(1);
  };

  const onTableChange: TableProps<UserRow>['onChange'] = (p, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(s?.order && s.field ? { column: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : { ...USER_SORT });
    setPageNo(p.current ?? 1);
    setPageSize(p.pageSize ?? USER_PAGE.pageSize);
  };

  const narrow = typeof window !== 'undefined' && window.innerWidth < NARROW_VIEWPORT;
  const columns: TableProps<UserRow>['columns'] = [
    { title: t('用户账号'), dataIndex: 'username', sorter: true, sortOrder: sort.column === 'username' ? (sort.order === 'asc' ? 'ascend' : 'descend') : null },
    { title: t('用户姓名'), dataIndex: 'realname' },
    { title: t('性别'), dataIndex: 'sex', render: (_v, r) => sexText(r) },
    { title: t('工号'), dataIndex: 'workNo' },
    { title: t('部门'), dataIndex: 'orgCodeTxt' },
  ];

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      destroyOnHidden
      onOk={() => onOk(selection.rows)}
      onCancel={onCancel}
    >
      <Row gutter={12}>
        <Col md={6} sm={24} span={24}>
          <DepartTree selectedKey={departId} onSelect={(node) => { setDepartId(node?.id); setPageNo(1); }} height={420} />
        </Col>
        <Col md={18} sm={24} span={24}>
          <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
            <Form.Item label={t('用户账号')} name="username">
              <Input placeholder={t('请输入用户账号')} allowClear />
            </Form.Item>
            <Form.Item label={t('性别')} name="sex">
              <Select aria-label={t('性别')} placeholder={t('请选择性别')} allowClear options={SEX_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item label={t('生日')} name="birthday">
              <DatePicker aria-label={t('生日')} placeholder={t('请选择生日')} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('查询')}
              </Button>
              <Button onClick={reset}>{t('重置')}</Button>
            </Space>
          </Form>
          <Table<UserRow>
            size="small"
            rowKey={rowKey}
            loading={loading}
            dataSource={records}
            columns={columns}
            scroll={narrow ? { x: USER_SCROLL_X } : undefined}
            rowSelection={selection.rowSelection(multiple ? 'checkbox' : 'radio')}
            onRow={(r) => ({ onClick: () => selection.toggle(r) })}
            onChange={onTableChange}
            pagination={{ current: pageNo, pageSize, total, pageSizeOptions: [...USER_PAGE.pageSizeOptions], showSizeChanger: true, showQuickJumper: true, showTotal: totalText }}
          />
        </Col>
      </Row>
    </Modal>
  );
}
