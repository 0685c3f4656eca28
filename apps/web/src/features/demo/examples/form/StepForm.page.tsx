// 分步表单 (the original's page demo form/step): a transfer in three steps - fill in the transfer, confirm
// it with the payment password, see the result - with 上一步 and 再转一笔.
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Divider, Form, Input, InputNumber, Result, Space, Steps, Typography } from 'antd';
import { FormSelect } from './FormSelect';
import { t } from '../../../../lib/i18n';

interface Transfer {
  account: string;
  payType: 'alipay' | 'bank';
  receiver: string;
  payeeName: string;
  money: number;
}

const ACCOUNTS = ['anquan@anxue.cn', 'caiwu@anxue.cn'].map((a) => ({ value: a, label: a }));
const PAY_TYPES = [
  { value: 'alipay', label: '支付宝' },
  { value: 'bank', label: '银行账户' },
];
const payTypeText = (type: Transfer['payType']) => t(PAY_TYPES.find((p) => p.value === type)?.label ?? type);
const payTypeOptions = () => PAY_TYPES.map((p) => ({ value: p.value, label: t(p.label) }));
const yuan = (n: number) => `¥ ${n.toFixed(2)}`;

function TransferSummary({ transfer }: { transfer: Transfer }) {
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('付款账户')}>{transfer.account}</Descriptions.Item>
      <Descriptions.Item label={t('收款账户')}>{`${payTypeText(transfer.payType)} ${transfer.receiver}`}</Descriptions.Item>
      <Descriptions.Item label={t('收款人姓名')}>{transfer.payeeName}</Descriptions.Item>
      <Descriptions.Item label={t('转账金额')}>{yuan(transfer.money)}</Descriptions.Item>
    </Descriptions>
  );
}

function FillStep({ initial, onNext }: { initial?: Transfer; onNext: (transfer: Transfer) => void }) {
  return (
    <Form<Transfer>
      layout="horizontal"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 14 }}
      initialValues={initial ?? { account: ACCOUNTS[0].value, payType: 'alipay' }}
      onFinish={onNext}
    >
      <Form.Item label={t('付款账户')} name="account" rules={[{ required: true, message: t('请选择付款账户') }]}>
        <FormSelect options={ACCOUNTS} />
      </Form.Item>
      <Form.Item label={t('收款账户')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="payType" noStyle>
            <FormSelect options={payTypeOptions()} style={{ width: 120 }} aria-label={t('收款方式')} />
          </Form.Item>
          <Form.Item name="receiver" noStyle rules={[{ required: true, message: t('请输入收款账户') }]}>
            <Input placeholder={t('收款账户')} aria-label={t('收款账户')} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('收款人姓名')} name="payeeName" rules={[{ required: true, message: t('请输入收款人姓名') }]}>
        <Input placeholder={t('收款人姓名')} />
      </Form.Item>
      <Form.Item label={t('转账金额')} name="money" rules={[{ required: true, message: t('请输入转账金额') }]}>
        <InputNumber min={0.01} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} placeholder={t('转账金额')} />
      </Form.Item>
      <Form.Item wrapperCol={{ xs: { span: 24, offset: 0 }, sm: { offset: 6, span: 14 } }}>
        <Button type="primary" htmlType="submit">
          {t('下一步')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function ConfirmStep({ transfer, onPrev, onSubmit }: { transfer: Transfer; onPrev: () => void; onSubmit: () => void }) {
  return (
    <>
      <Alert type="info" showIcon closable message={t('确认转账后，资金将直接打入对方账户，无法退回。')} style={{ marginBottom: 16 }} />
      <TransferSummary transfer={transfer} />
      <Divider />
      <Form layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 14 }} onFinish={onSubmit}>
        <Form.Item label={t('支付密码')} name="pwd" rules={[{ required: true, message: t('请输入支付密码') }, { min: 6, message: t('支付密码至少 6 位') }]}>
          <Input.Password placeholder={t('支付密码')} autoComplete="off" />
        </Form.Item>
        <Form.Item wrapperCol={{ xs: { span: 24, offset: 0 }, sm: { offset: 6, span: 14 } }}>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('提交')}
            </Button>
            <Button onClick={onPrev}>{t('上一步')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}

export default function StepFormPage() {
  const [step, setStep] = useState(0);
  const [transfer, setTransfer] = useState<Transfer | undefined>();

  return (
    <Card title={t('分步表单')} extra={t('将一个冗长或用户不熟悉的表单任务分成多个步骤，指导用户完成。')}>
      <Steps
        current={step}
        style={{ maxWidth: 760, margin: '0 auto 32px' }}
        items={[{ title: t('填写转账信息') }, { title: t('确认转账信息') }, { title: t('完成') }]}
      />
      <div style={{ maxWidth: 640, margin: '0 auto' }}>
        {step === 0 && (
          <FillStep
            initial={transfer}
            onNext={(filled) => {
              setTransfer(filled);
              setStep(1);
            }}
          />
        )}
        {step === 1 && transfer && <ConfirmStep transfer={transfer} onPrev={() => setStep(0)} onSubmit={() => setStep(2)} />}
        {step === 2 && transfer && (
          <Result
            status="success"
            title={t('转账成功')}
            subTitle={t('预计两小时内到账')}
            extra={
              <Space>
                <Button
                  type="primary"
                  onClick={() => {
                    setTransfer(undefined);
                    setStep(0);
                  }}
                >
                  {t('再转一笔')}
                </Button>
              </Space>
            }
          >
            <TransferSummary transfer={transfer} />
          </Result>
        )}
        {step === 0 && (
          <>
            <Divider />
            <Typography.Title level={5}>{t('说明')}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {t('转账到支付宝账户：资金实时到账，单笔不超过 5 万元。转账到银行账户：工作日两小时内到账，节假日顺延；请核对收款人姓名与开户名一致。')}
            </Typography.Paragraph>
          </>
        )}
      </div>
    </Card>
  );
}
