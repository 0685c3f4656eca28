// 发送测试: renders the template with the JSON given and sends it to the receivers, through the
// server's sendMsg; what the server refuses (missing parameters, a refused mail server) stays in view.
import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useCloseGuard } from '../../components/dialogs';
import { DictSelect } from '../../components/dict/DictSelect';
import { HttpError, http } from '../../lib/http';
import { t } from '../../lib/i18n';
import { placeholdersOf, RECEIVER_HINT, SEND_TEST_URL, TEMPLATE_TYPE_CHANNEL, type MessageTemplate } from './api';

interface Values {
  testData: string;
  msgType: string;
  receiver: string;
}

/** The template's saved test JSON, else one with an empty value per placeholder. */
function sampleData(template: MessageTemplate): string {
  if (template.templateTestJson) return template.templateTestJson;
  const names = placeholdersOf(`${template.templateName}${template.templateContent}`);
  return JSON.stringify(Object.fromEntries(names.map((n) => [n, ''])), null, 2);
}

export function SendTestDialog({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { message } = App.useApp();
  const msgType = Form.useWatch('msgType', form);
  const guard = useCloseGuard(onClose, { open: !!template, resetKey: template });

  useEffect(() => {
    if (!template) return;
    setError(null);
    form.setFieldsValue({ testData: sampleData(template), msgType: TEMPLATE_TYPE_CHANNEL[template.templateType] ?? 'system', receiver: '' });
  }, [template, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSending(true);
    setError(null);
    try {
      await http.post(SEND_TEST_URL, { templateCode: template!.templateCode, ...values }, { silent: true });
      void message.success(t('消息发送成功！'));
      onClose();
    } catch (e) {
      setError(e instanceof HttpError ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open={!!template} title={t('发送测试')} width={800} okText={t('发送')} confirmLoading={sending} onOk={() => void submit()} onCancel={guard.requestClose} wrapClassName={guard.className} destroyOnHidden>
      {template && (
        <Form form={form} layout="vertical" onValuesChange={guard.markDirty}>
          <Form.Item label={t('模板标题')}>
            <Input value={template.templateName} disabled />
          </Form.Item>
          <Form.Item label={t('模板内容')}>
            <Input.TextArea value={template.templateContent} rows={4} disabled />
          </Form.Item>
          <Form.Item
            name="testData"
            label={t('测试数据')}
            extra={t('JSON 对象，为模板中的每个 ${参数} 给出值')}
            rules={[
              { required: true, message: t('请输入测试数据') },
              {
                validator: async (_, v: string) => {
                  try {
                    const parsed: unknown = JSON.parse(v);
                    if (typeof parsed === 'object' && parsed && !Array.isArray(parsed)) return;
                  } catch {
                    /* refused below */
                  }
                  throw new Error(t('请输入JSON格式的测试数据'));
                },
              },
            ]}
          >
            <Input.TextArea rows={5} />
          </Form.Item>
          <Form.Item name="msgType" label={t('消息类型')} rules={[{ required: true, message: t('请选择消息类型') }]}>
            <DictSelect dictCode="messageType" />
          </Form.Item>
          <Form.Item name="receiver" label={t('消息接收方')} extra={t(RECEIVER_HINT[msgType ?? 'system'] ?? '')} rules={[{ required: true, message: t('请输入消息接收方') }]}>
            <Input />
          </Form.Item>
        </Form>
      )}
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
}
