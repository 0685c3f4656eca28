// 测试: checks a value against a rule on the server (GET /sys/checkRule/checkByCode) and shows
// whether it passes or the failing part's own message.
import { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { http, HttpError } from '../../../lib/http';
import type { CheckRule } from './checkRuleApi';
import { t } from '../../../lib/i18n';

type Outcome = { ok: boolean; text: string };

export function CheckRuleTestModal({ rule, onClose }: { rule: CheckRule | undefined; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [checking, setChecking] = useState(false);

  const check = async () => {
    if (!rule) return;
    setChecking(true);
    try {
      await http.get('/sys/checkRule/checkByCode', { ruleCode: rule.ruleCode, value }, { silent: true });
      setOutcome({ ok: true, text: t('校验通过') });
    } catch (e) {
      setOutcome({ ok: false, text: e instanceof HttpError ? e.message : String(e) });
    } finally {
      setChecking(false);
    }
  };

  const close = () => {
    setValue('');
    setOutcome(undefined);
    onClose();
  };

  return (
    <Modal title={rule ? t('测试规则 - {name}', { name: rule.ruleName }) : t('测试规则')} open={!!rule} onCancel={close} footer={<Button onClick={close}>{t('关闭')}</Button>} destroyOnHidden>
      <Space.Compact style={{ width: '100%' }}>
        <Input placeholder={t('请输入需要校验的值')} value={value} onChange={(e) => setValue(e.target.value)} onPressEnter={() => void check()} />
        <Button type="primary" loading={checking} onClick={() => void check()}>
          {t('校验')}
        </Button>
      </Space.Compact>
      {outcome && <Alert style={{ marginTop: 16 }} type={outcome.ok ? 'success' : 'error'} showIcon message={outcome.text} />}
    </Modal>
  );
}
