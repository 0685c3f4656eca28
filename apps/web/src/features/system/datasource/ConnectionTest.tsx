// 测试连接 inside the data source form: posts the form as it stands (with the row's id, so a blank
// password means the stored one) and shows the server's answer next to the button.
import { useState } from 'react';
import { Alert, Button, Form, Space, type FormInstance } from 'antd';
import { http, HttpError } from '../../../lib/http';
import { TEST_CONNECTION_URL } from './api';
import { t } from '../../../lib/i18n';

const CONNECTION_FIELDS = ['id', 'dbType', 'dbUrl', 'dbName', 'dbUsername', 'dbPassword'] as const;

interface Outcome {
  ok: boolean;
  text: string;
  /** The connection fields the answer is about; a later edit hides it. */
  tested: string;
}

export function ConnectionTest({ form }: { form: FormInstance }) {
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const current = JSON.stringify(Form.useWatch((values: Record<string, unknown>) => CONNECTION_FIELDS.map((k) => values[k] ?? ''), form) ?? []);

  const test = async () => {
    try {
      await form.validateFields(['dbType', 'dbUrl']);
    } catch {
      return; // the form shows what is missing
    }
    const values = form.getFieldsValue(CONNECTION_FIELDS as unknown as string[]) as Record<string, unknown>;
    setTesting(true);
    try {
      const res = await http.raw.post(TEST_CONNECTION_URL, values, { silent: true, timeoutMs: 20_000 });
      setOutcome({ ok: true, text: res.message || t('数据库连接成功'), tested: current });
    } catch (e) {
      setOutcome({ ok: false, text: e instanceof HttpError ? e.message : t('连接失败'), tested: current });
    } finally {
      setTesting(false);
    }
  };

  const shown = outcome && outcome.tested === current ? outcome : null;
  return (
    <Form.Item wrapperCol={{ offset: 5, span: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button onClick={() => void test()} loading={testing}>
          {t('测试连接')}
        </Button>
        {shown && <Alert type={shown.ok ? 'success' : 'error'} showIcon message={shown.text} />}
      </Space>
    </Form.Item>
  );
}
