// 菜单管理: the tree of menus, sub-menus and buttons, their add/edit drawer and their data rules.
import { useState } from 'react';
import { Button, Card, Dropdown, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { message, Modal } from '../../../lib/antd/static';
import { usePermission } from '../../../lib/permission';
import { DataRuleDrawer } from './DataRuleDrawer';
import { menuTypeText } from './menuRules';
import { PermissionDrawer } from './PermissionDrawer';
import type { PermissionItem } from './types';
import { usePhoneTable } from '../../../components/list-page';
import { namedRowCheckbox } from '../../../components/list-page/rowCheckbox';
import { currentLocale, t } from '../../../lib/i18n';

const LIST_KEY = ['permission-list'];
const TYPE_COLOURS = ['blue', 'cyan', 'orange'];

/** Empty `children` arrays would show an expand arrow on leaves. */
function pruneChildren(items: PermissionItem[]): PermissionItem[] {
  return items.map((i) => (i.children?.length ? { ...i, children: pruneChildren(i.children) } : { ...i, children: undefined }));
}

export default function PermissionListPage() {
  const { has } = usePermission();
  const phone = usePhoneTable();
  const client = useQueryClient();
  const { data, isFetching } = useQuery({
    queryKey: LIST_KEY,
    queryFn: async () => pruneChildren((await http.get<PermissionItem[]>('/sys/permission/list')) ?? []),
  });
  const [drawerItem, setDrawerItem] = useState<Partial<PermissionItem> | undefined>(undefined);
  const [ruleMenu, setRuleMenu] = useState<PermissionItem | undefined>(undefined);
  const [selected, setSelected] = useState<string[]>([]);
  const reload = () => client.invalidateQueries({ queryKey: LIST_KEY });

  const remove = async (item: PermissionItem) => {
    try {
      await http.delete('/sys/permission/delete', { id: item.id });
      message.success(t('删除成功'));
      await reload();
    } catch {
      /* notice shown */
    }
  };

  const removeSelected = () =>
    Modal.confirm({
      title: t('确认删除'),
      content: t('是否删除选中的 {n} 项（含其下级菜单和按钮）？', { n: selected.length }),
      onOk: async () => {
        await http.delete('/sys/permission/deleteBatch', { ids: selected.join(',') });
        message.success(t('删除成功'));
        setSelected([]);
        await reload();
      },
    });

  const columns: ColumnsType<PermissionItem> = [
    // in English: the menu's own English name, else the catalogue's, as in the side menu
    { title: t('菜单名称'), dataIndex: 'name', key: 'name', render: (name: string, r) => (currentLocale() === 'en-US' && r.nameEn?.trim()) || t(name) },
    {
      title: t('菜单类型'),
      dataIndex: 'menuType',
      width: 110,
      render: (type: number, r) => <Tag color={TYPE_COLOURS[Number(type)]}>{r.menuType_dictText ? t(r.menuType_dictText) : menuTypeText(type)}</Tag>,
    },
    { title: t('图标'), dataIndex: 'icon', width: 100 },
    { title: t('组件'), dataIndex: 'component', ellipsis: true },
    { title: t('路径'), dataIndex: 'url', ellipsis: true },
    { title: t('授权标识'), dataIndex: 'perms', ellipsis: true },
    { title: t('排序'), dataIndex: 'sortNo', width: 70 },
    {
      title: t('操作'),
      key: 'actions',
      width: 170,
      render: (_: unknown, item) => {
        const more = [
          Number(item.menuType) !== 2 && has('system:permission:add') && { key: 'child', label: t('添加下级') },
          Number(item.menuType) !== 2 && has('system:permission:rule') && { key: 'rule', label: t('数据规则') },
        ].filter(Boolean) as { key: string; label: string }[];
        return (
          <Space>
            {has('system:permission:edit') && <a onClick={() => setDrawerItem(item)}>{t('编辑')}</a>}
            {more.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: more,
                  onClick: ({ key }) =>
                    key === 'child' ? setDrawerItem({ menuType: 1, parentId: item.id }) : setRuleMenu(item),
                }}
              >
                <a>{t('更多')}</a>
              </Dropdown>
            )}
            {has('system:permission:delete') && (
              <Popconfirm title={t('确定删除吗?（其下级菜单和按钮一并删除）')} onConfirm={() => remove(item)}>
                <a>{t('删除')}</a>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 12 }}>
        {has('system:permission:add') && (
          <Button type="primary" onClick={() => setDrawerItem({ menuType: 0 })}>
            {t('新增菜单')}
          </Button>
        )}
        {has('system:permission:deleteBatch') && selected.length > 0 && (
          <Button danger onClick={removeSelected}>
            {t('批量删除')}
          </Button>
        )}
      </Space>
      <Table<PermissionItem>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={phone.unpinned(columns)}
        scroll={phone.scroll}
        dataSource={data ?? []}
        pagination={false}
        rowSelection={has('system:permission:deleteBatch') ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), checkStrictly: true, getCheckboxProps: namedRowCheckbox } : undefined}
      />
      <PermissionDrawer
        open={!!drawerItem}
        item={drawerItem}
        menus={data ?? []}
        onClose={() => setDrawerItem(undefined)}
        onSaved={() => {
          setDrawerItem(undefined);
          void reload();
        }}
      />
      <DataRuleDrawer menu={ruleMenu} onClose={() => setRuleMenu(undefined)} />
    </Card>
  );
}
