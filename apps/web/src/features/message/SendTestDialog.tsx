// 发送测试: renders the template with the JSON given and sends it to the receivers, through the
// server's sendMsg; what the server refuses (missing parameters, a refused mail server) stays in view.
import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { DictSelect } from '../../components/dict/DictSelect';
import { HttpError, http } from '../../lib/http';
import { placeholdersOf, RECEIVER_HINT, SEND_TEST_URL, TEMPLATE_TYPE_CHANNEL, type MessageTemplate } from './api';

interface Values {
  testData: string;
  msgType: string;
  receiver: string;
}

/** The template's saved test JSON, else one with an empty value per placeholder. */
function sampleData(t: MessageTemplate): string {
  if (t.templateTestJson) return t.templateTestJson;
  const names = placeholdersOf(`${t.templateName}${t.templateContent}`);
  return JSON.stringify(Object.fromEntries(names.map((n) => [n, ''])), null, 2);
}

export function SendTestDialog({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { message } = App.useApp();
  const msgType = Form.useWatch('msgType', form);

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
      void message.success('消息发送成功！');
      onClose();
    } catch (e) {
      setError(e instanceof HttpError ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open={!!template} title="发送测试" width={800} okText="发送" confirmLoading={sending} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      {template && (
        <Form form={form} layout="vertical">
          <Form.Item label="模板标题">
            <Input value={template.templateName} disabled />
          </Form.Item>
          <Form.Item label="模板内容">
            <Input.TextArea value={template.templateContent} rows={4} disabled />
          </Form.Item>
          <Form.Item
            name="testData"
            label="测试数据"
            extra="JSON 对象，为模板中的每个 ${参数} 给出值"
            rules={[
              { required: true, message: '请输入测试数据' },
              {
                validator: async (_, v: string) => {
                  try {
                    const parsed: unknown = JSON.parse(v);
                    if (typeof parsed === 'object' && parsed && !Array.isArray(parsed)) return;
                  } catch {
                    /* refused below */
                  }
                  throw new Error('请输入JSON格式的测试数据');
                },
              },
            ]}
          >
            <Input.TextArea rows={5} />
          </Form.Item>
          <Form.Item name="msgType" label="消息类型" rules={[{ required: true, message: '请选择消息类型' }]}>
            <DictSelect dictCode="messageType" />
          </Form.Item>
          <Form.Item name="receiver" label="消息接收方" extra={RECEIVER_HINT[msgType ?? 'system']} rules={[{ required: true, message: '请输入消息接收方' }]}>
            <Input />
          </Form.Item>
        </Form>
      )}
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
}
