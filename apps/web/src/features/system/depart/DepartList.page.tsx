// 部门管理: the department tree on the left; the selected department's details, roles and grants on the right.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Form, Modal, Popconfirm, Row, Space, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { message } from '../../../lib/antd/static';
import { usePermission } from '../../../lib/permission';
import { DEPART_TREE_KEY, DepartTree, type DepartTreeNode } from '../../../components/tree';
import { useCloseGuard } from '../../../components/dialogs';
import { DepartFields, departValues, type DepartValues } from './departForm';
import { DepartRoles } from './DepartRoles';
import { GrantEditor } from './GrantEditor';
import { t } from '../../../lib/i18n';

export default function DepartListPage() {
  const { has } = usePermission();
  const client = useQueryClient();
  const [selected, setSelected] = useState<DepartTreeNode | undefined>(undefined);
  /** The parent of the department being added: null for a top-level one. */
  const [addingUnder, setAddingUnder] = useState<DepartTreeNode | null | undefined>(undefined);
  const [tab, setTab] = useState('info');
  const reloadTree = () => client.invalidateQueries({ queryKey: DEPART_TREE_KEY });

  const remove = async () => {
    if (!selected) return;
    try {
      await http.delete('/sys/sysDepart/delete', { id: selected.id });
      message.success(t('删除成功'));
      setSelected(undefined);
      await reloadTree();
    } catch {
      /* notice shown */
    }
  };

  const tabs = [
    { key: 'info', label: t('基本信息'), children: selected && <DepartEditPane depart={selected} editable={has('system:depart:edit')} onSaved={reloadTree} /> },
    has('system:depart:role') && { key: 'roles', label: t('部门角色'), children: selected && <DepartRoles departId={selected.id} /> },
    has('system:depart:authorize') && {
      key: 'authorize',
      label: t('部门权限'),
      children: selected && (
        <GrantEditor
          load={{ url: '/sys/permission/queryDepartPermission', params: { departId: selected.id } }}
          save={{ url: '/sys/permission/saveDepartPermission', holder: { departId: selected.id } }}
        />
      ),
    },
  ].filter(Boolean) as { key: string; label: string; children: ReactNode }[];

  return (
    <Row gutter={16}>
      <Col xs={24} md={9} lg={8}>
        <Card>
          <Space wrap style={{ marginBottom: 12 }}>
            {has('system:depart:add') && (
              <>
                <Button type="primary" onClick={() => setAddingUnder(null)}>
                  {t('添加部门')}
                </Button>
                <Button disabled={!selected} onClick={() => setAddingUnder(selected)}>
                  {t('添加下级')}
                </Button>
              </>
            )}
            {has('system:depart:delete') && (
              <Popconfirm title={t('确定删除部门“{name}”吗?', { name: selected?.title ?? '' })} onConfirm={remove} disabled={!selected}>
                <Button danger disabled={!selected}>
                  {t('删除')}
                </Button>
              </Popconfirm>
            )}
          </Space>
          <DepartTree selectedKey={selected?.key} onSelect={setSelected} />
        </Card>
      </Col>
      <Col xs={24} md={15} lg={16}>
        <Card>
          {selected ? <Tabs activeKey={tab} onChange={setTab} items={tabs} destroyOnHidden /> : <Empty description={t('请先在左侧选择一个部门')} />}
        </Card>
      </Col>
      {addingUnder !== undefined && (
        <AddDepartModal
          parent={addingUnder}
          onClose={() => setAddingUnder(undefined)}
          onSaved={() => {
            setAddingUnder(undefined);
            void reloadTree();
          }}
        />
      )}
    </Row>
  );
}

function DepartEditPane({ depart, editable, onSaved }: { depart: DepartTreeNode; editable: boolean; onSaved: () => void }) {
  const [form] = Form.useForm<DepartValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => form.setFieldsValue(departValues(depart)), [depart, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await http.put('/sys/sysDepart/edit', { ...values, id: depart.id, parentId: depart.parentId ?? '' });
      message.success(t('保存成功'));
      onSaved();
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} name="departEdit" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} initialValues={departValues(depart)} disabled={!editable}>
      <DepartFields orgCode={depart.orgCode} />
      {editable && (
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Button type="primary" loading={saving} onClick={save}>
            {t('保存')}
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}

function AddDepartModal({ parent, onClose, onSaved }: { parent: DepartTreeNode | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<DepartValues>();
  const [saving, setSaving] = useState(false);
  const guard = useCloseGuard(onClose);
  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await http.post('/sys/sysDepart/add', { ...values, parentId: parent?.id ?? '' });
      message.success(t('添加成功'));
      onSaved();
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={parent ? t('添加下级部门') : t('添加部门')} onCancel={guard.requestClose} wrapClassName={guard.className} onOk={save} confirmLoading={saving} destroyOnHidden width={640}>
      <Form form={form} name="departAdd" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} initialValues={departValues(parent ? { parentId: parent.id } as DepartTreeNode : undefined)} onValuesChange={guard.markDirty}>
        <DepartFields parentName={parent?.title ?? ''} />
      </Form>
    </Modal>
  );
}
