// 新增/编辑 a gateway route: one form posted as { router } to updateAll for both. Predicates and filters
// are edited as JSON arrays (kept for the original's data; this server forwards by router id only).
import { useEffect, useState } from 'react';
import { Form, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCloseGuard } from '../../../components/dialogs';
import { ResourceFormBody, type ResourceFormItem } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { formRules } from '../../../lib/formRules';
import { http } from '../../../lib/http';
import { forwardingAddress, GATEWAY_API, routeBody, type GatewayRoute } from './api';
import { t } from '../../../lib/i18n';

const jsonArrayRule: Rule = {
  validator: async (_r, v: unknown) => {
    if (typeof v !== 'string' || !v.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      throw new Error(t('请输入 JSON 数组，例如 []'));
    }
    if (!Array.isArray(parsed)) throw new Error(t('请输入 JSON 数组，例如 []'));
  },
};

const FIELDS: ResourceFormItem[] = [
  {
    name: 'routerId',
    label: '路由ID',
    widget: 'input',
    rules: [...formRules.required('路由ID', { max: 64 }), { pattern: /^[A-Za-z0-9_-]+$/, message: '路由ID只能包含字母、数字、下划线和短横线' }],
  },
  {
    key: 'address',
    section: () => (
      <Form.Item noStyle shouldUpdate={(a, b) => a.routerId !== b.routerId}>
        {({ getFieldValue }) => (
          <Form.Item label={t('转发地址')}>
            <code>{forwardingAddress((getFieldValue('routerId') as string) || t('<路由ID>'))}</code>
          </Form.Item>
        )}
      </Form.Item>
    ),
  },
  { name: 'name', label: '路由名称', widget: 'input', rules: formRules.required('路由名称', { max: 100 }) },
  {
    name: 'uri',
    label: '路由URI',
    widget: 'input',
    placeholder: '例如 http://10.0.0.8:8080/api',
    extra: '请求转发到此地址（http:// 或 https://），路由ID之后的路径与查询参数原样附加',
    rules: [...formRules.required('路由URI', { max: 500 }), { pattern: /^https?:\/\/[^\s/?#]+/i, message: '路由URI必须是 http:// 或 https:// 开头的地址' }],
  },
  { name: 'status', label: '启用', widget: 'switch', initialValue: 1 },
  { name: 'predicates', label: '路由条件', widget: 'textarea', placeholder: '[]', extra: '仅保存与展示，本系统按路由ID转发', rules: [jsonArrayRule] },
  { name: 'filters', label: '过滤器', widget: 'textarea', placeholder: '[]', extra: '仅保存与展示', rules: [jsonArrayRule] },
];

const listText = (v: unknown[] | undefined) => (v?.length ? JSON.stringify(v, null, 2) : '');
const listOf = (text: unknown) => (typeof text === 'string' && text.trim() ? (JSON.parse(text) as unknown[]) : []);

export function RouteFormModal({ route, onClose, onSaved }: { route: Partial<GatewayRoute> | undefined; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const isEdit = !!route?.id;
  const guard = useCloseGuard(onClose, { open: !!route, resetKey: route });

  useEffect(() => {
    if (!route) return;
    form.resetFields();
    if (route.id) form.setFieldsValue({ ...route, predicates: listText(route.predicates), filters: listText(route.filters) });
  }, [route, form]);

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows the failing rules
    }
    setSaving(true);
    try {
      const body = routeBody({ ...values, id: route?.id, predicates: listOf(values.predicates), filters: listOf(values.filters) } as Partial<GatewayRoute>);
      const res = await http.raw.post(GATEWAY_API.save, body);
      void message.success(res.message || t('操作成功'));
      onSaved();
      onClose();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={isEdit ? t('编辑路由') : t('新增路由')} open={!!route} width={720} onOk={() => void submit()} onCancel={guard.requestClose} wrapClassName={guard.className} confirmLoading={saving} okText={t('确定')} cancelText={t('关闭')} forceRender>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onValuesChange={guard.markDirty}>
        <ResourceFormBody items={FIELDS} ctx={{ form, isEdit }} />
      </Form>
    </Modal>
  );
}
