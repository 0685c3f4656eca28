// 角色授权 of an online form: pick a role of the tenant on the left, tick on the right the rules under
// control (fields, buttons, data rules) it holds, and save each kind.
import { useCallback, useEffect, useState } from 'react';
import { Button, Checkbox, Col, Empty, Row, Spin, Table, Tabs } from 'antd';
import { ONLINE_AUTH_API, type AuthDataRule, type AuthPageRule, type AuthRelation, type OnlineAuthType } from '@anxue/shared/online-auth';
import { useListPage } from '../../../../components/list-page';
import { message } from '../../../../lib/antd/static';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';
import { namedRowCheckbox } from '../../../../components/list-page/rowCheckbox';

interface RoleRow {
  id: string;
  roleName: string;
  roleCode: string;
}

const SAVE_URL: Record<OnlineAuthType, string> = { 1: ONLINE_AUTH_API.roleColumnAuth, 2: ONLINE_AUTH_API.roleButtonAuth, 3: ONLINE_AUTH_API.roleDataAuth };

function ruleLabel(r: AuthPageRule): string {
  // a built-in button's title is ours (新增, 导出 …); a field's is the form's own
  if (r.type === 2) return r.page === 5 ? t('{name}-表单可见', { name: t(r.title ?? r.code) }) : t('{name}-列表可见', { name: t(r.title ?? r.code) });
  const name = r.title ?? r.code;
  if (r.page === 3) return r.control === 3 ? t('{name}-列表可编辑', { name }) : t('{name}-列表可见', { name });
  return r.control === 3 ? t('{name}-表单可编辑', { name }) : t('{name}-表单可见', { name });
}

/** The rules of one kind, ticked as the role holds them. */
function GrantList({ cgformId, roleId, type }: { cgformId: string; roleId: string; type: OnlineAuthType }) {
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const rules =
        type === 3
          ? (await http.get<AuthDataRule[]>(`${ONLINE_AUTH_API.validAuthData}/${cgformId}`)).map((r) => ({ value: r.id, label: r.ruleName }))
          : (await http.get<AuthPageRule[]>(`${ONLINE_AUTH_API.authPage}/${cgformId}/${type}`)).map((r) => ({ value: r.id, label: ruleLabel(r) }));
      const held = await http.get<AuthRelation[]>(ONLINE_AUTH_API.roleAuth, { roleId, cgformId, type, authMode: 'role' });
      setOptions(rules);
      setChecked(held.map((h) => h.authId).filter((id) => rules.some((r) => r.value === id)));
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  }, [cgformId, roleId, type]);
  useEffect(() => {
    void load();
  }, [load]);
  const save = async () => {
    setSaving(true);
    try {
      await http.post(`${SAVE_URL[type]}/${roleId}/${cgformId}`, { authId: JSON.stringify(checked), authMode: 'role' });
      void message.success(t('保存成功'));
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };
  if (loading) return <Spin />;
  if (!options.length) return <Empty description={t('没有启用的权限，请先在前面的页签中启用')} />;
  return (
    <>
      <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 6, maxHeight: 300, overflow: 'auto' }} options={options} value={checked} onChange={(v) => setChecked(v as string[])} />
      <div style={{ marginTop: 12 }}>
        <Button size="small" onClick={() => setChecked(options.map((o) => o.value))}>
          {t('全选')}
        </Button>{' '}
        <Button size="small" onClick={() => setChecked([])}>
          {t('取消选择')}
        </Button>{' '}
        <Button type="primary" size="small" loading={saving} onClick={save}>
          {t('保存')}
        </Button>
      </div>
    </>
  );
}

export function RoleGrants({ cgformId, withRows }: { cgformId: string; withRows: boolean }) {
  const roles = useListPage<RoleRow>({ api: { list: '/sys/role/list' } });
  const [roleId, setRoleId] = useState<string>();
  return (
    <Row gutter={16}>
      <Col span={11}>
        <Table<RoleRow>
          size="small"
          rowKey="id"
          loading={roles.loading}
          dataSource={roles.dataSource}
          pagination={{ ...roles.pagination, size: 'small', showSizeChanger: false }}
          onChange={roles.handleTableChange}
          rowSelection={{ type: 'radio', selectedRowKeys: roleId ? [roleId] : [], onChange: (keys) => setRoleId(String(keys[0])), getCheckboxProps: namedRowCheckbox }}
          onRow={(r) => ({ onClick: () => setRoleId(r.id) })}
          columns={[
            { title: t('角色编码'), dataIndex: 'roleCode' },
            { title: t('角色名称'), dataIndex: 'roleName', render: (v: string) => t(v, undefined, 'role') },
          ]}
        />
      </Col>
      <Col span={13}>
        {roleId ? (
          <Tabs
            key={roleId}
            size="small"
            items={[
              { key: '1', label: t('字段权限'), children: <GrantList cgformId={cgformId} roleId={roleId} type={1} /> },
              ...(withRows
                ? [
                    { key: '2', label: t('按钮权限'), children: <GrantList cgformId={cgformId} roleId={roleId} type={2} /> },
                    { key: '3', label: t('数据权限'), children: <GrantList cgformId={cgformId} roleId={roleId} type={3} /> },
                  ]
                : []),
            ]}
          />
        ) : (
          <Empty description={t('请先在左侧选择一个角色')} />
        )}
      </Col>
    </Row>
  );
}
