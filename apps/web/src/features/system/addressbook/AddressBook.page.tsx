// 通讯录: the department tree on the left; the people of the chosen department (and its sub-departments)
// on the right, searchable by name.
import { useState } from 'react';
import { Card, Col, Input, Row, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGINATION } from '@anxue/shared/constants';
import type { PageResult } from '@anxue/shared/wire';
import { http } from '../../../lib/http';
import { usePhoneTable } from '../../../components/list-page';
import { DepartTree, type DepartTreeNode } from '../../../components/tree';
import { t, totalText } from '../../../lib/i18n';

interface Contact {
  id: string;
  realname: string;
  username?: string;
  workNo?: string | null;
  phone?: string | null;
  telephone?: string | null;
  email?: string | null;
  departName?: string | null;
  departNames?: string | null;
  orgCodeTxt?: string | null;
  post?: string | null;
  post_dictText?: string | null;
  postText?: string | null;
}

const departOf = (c: Contact) => c.departNames ?? c.departName ?? c.orgCodeTxt ?? '';
const postOf = (c: Contact) => c.post_dictText ?? c.postText ?? c.post ?? '';

export default function AddressBookPage() {
  const phone = usePhoneTable();
  const [depart, setDepart] = useState<DepartTreeNode | undefined>(undefined);
  const [realname, setRealname] = useState('');
  const [page, setPage] = useState<{ pageNo: number; pageSize: number }>({ pageNo: 1, pageSize: PAGINATION.pageSize });
  const params = { departId: depart?.id ?? '', realname: realname.trim(), ...page };
  const { data, isFetching } = useQuery({
    queryKey: ['addressbook', params],
    queryFn: () => http.get<PageResult<Contact>>('/sys/addressbook/list', params),
    placeholderData: keepPreviousData,
  });

  return (
    <Row gutter={16}>
      <Col xs={24} md={8} lg={6}>
        <Card title={t('组织机构')}>
          <DepartTree
            selectedKey={depart?.key}
            onSelect={(node) => {
              setDepart(node);
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          />
        </Card>
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Card title={depart ? t('{name} 的成员', { name: String(depart.title) }) : t('全部成员')}>
          <Input.Search
            placeholder={t('请输入姓名')}
            allowClear
            enterButton={t('查询')}
            style={{ maxWidth: 320, marginBottom: 12 }}
            onSearch={(v) => {
              setRealname(v);
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          />
          <Table<Contact>
            rowKey="id"
            scroll={phone.scroll}
            loading={isFetching}
            dataSource={data?.records ?? []}
            pagination={{ ...PAGINATION, pageSizeOptions: [...PAGINATION.pageSizeOptions], current: page.pageNo, pageSize: page.pageSize, total: data?.total ?? 0, showTotal: totalText }}
            onChange={(p) => setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? PAGINATION.pageSize })}
            columns={[
              { title: t('姓名'), dataIndex: 'realname' },
              { title: t('工号'), dataIndex: 'workNo' },
              { title: t('部门'), key: 'depart', render: (_: unknown, c) => departOf(c) },
              { title: t('职务'), key: 'post', render: (_: unknown, c) => postOf(c) },
              { title: t('手机'), dataIndex: 'phone' },
              { title: t('座机'), dataIndex: 'telephone' },
              { title: t('邮箱'), dataIndex: 'email' },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
