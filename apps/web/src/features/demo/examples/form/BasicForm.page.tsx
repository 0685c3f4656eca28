// 基础表单 (the original's page demo form/basic): a goal with its period, description, measure, client,
// reviewers, weight and who may see it; 提交 validates and shows what was submitted.
import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Radio, Space } from 'antd';
import { FormSelect } from './FormSelect';
import type { Dayjs } from 'dayjs';
import { t } from '../../../../lib/i18n';

interface Goal {
  title: string;
  time: [Dayjs, Dayjs];
  target: string;
  metrics: string;
  client?: string;
  inviteer?: string;
  weights?: number;
  disclosure: 'public' | 'partial' | 'private';
  disclosurer?: string[];
}

const DISCLOSURE = { public: '公开', partial: '部分公开', private: '不公开' } as const;
const COLLEAGUES = ['同事甲', '同事乙', '同事丙'];

export default function BasicFormPage() {
  const [form] = Form.useForm<Goal>();
  const disclosure = Form.useWatch('disclosure', form);
  const [submitted, setSubmitted] = useState<Goal | undefined>();

  return (
    <Card title={t('基础表单')} extra={t('表单页用于向用户收集或验证信息，基础表单常见于数据项较少的表单场景。')}>
      <Form<Goal>
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ disclosure: 'public' }}
        onFinish={(values) => setSubmitted(values)}
        style={{ maxWidth: 900 }}
      >
        <Form.Item label={t('标题')} name="title" rules={[{ required: true, message: t('请输入标题') }]}>
          <Input placeholder={t('给目标起个名字')} maxLength={50} />
        </Form.Item>
        <Form.Item label={t('起止日期')} name="time" rules={[{ required: true, message: t('请选择起止日期') }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('开始日期'), t('结束日期')]} />
        </Form.Item>
        <Form.Item label={t('目标描述')} name="target" rules={[{ required: true, message: t('请输入目标描述') }]}>
          <Input.TextArea rows={4} placeholder={t('请输入你的阶段性工作目标')} />
        </Form.Item>
        <Form.Item label={t('衡量标准')} name="metrics" rules={[{ required: true, message: t('请输入衡量标准') }]}>
          <Input.TextArea rows={4} placeholder={t('请输入衡量标准')} />
        </Form.Item>
        <Form.Item label={t('客户（选填）')} name="client" tooltip={t('目标的服务对象')}>
          <Input placeholder={t('请描述你服务的客户，内部客户直接 @姓名／工号')} />
        </Form.Item>
        <Form.Item label={t('邀评人（选填）')} name="inviteer">
          <Input placeholder={t('请直接 @姓名／工号，最多可邀请 5 人')} />
        </Form.Item>
        <Form.Item label={t('权重（选填）')} name="weights">
          <InputNumber min={0} max={100} suffix="%" placeholder="0-100" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label={t('目标公开')} name="disclosure" extra={t('客户、邀评人默认被分享')}>
          <Radio.Group options={Object.entries(DISCLOSURE).map(([value, label]) => ({ value, label: t(label) }))} />
        </Form.Item>
        {disclosure === 'partial' && (
          <Form.Item label={t('公开给')} name="disclosurer" rules={[{ required: true, message: t('请选择公开给谁') }]}>
            <FormSelect mode="multiple" options={COLLEAGUES.map((c) => ({ value: c, label: t(c) }))} placeholder={t('选择同事')} />
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ xs: { span: 24, offset: 0 }, sm: { offset: 6, span: 12 } }}>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('提交')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setSubmitted(undefined);
              }}
            >
              {t('重置')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {submitted && (
        <Alert
          type="success"
          showIcon
          message={t('提交成功')}
          description={
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('标题')}>{submitted.title}</Descriptions.Item>
              <Descriptions.Item label={t('起止日期')}>{t('{from} 至 {to}', { from: submitted.time[0].format('YYYY-MM-DD'), to: submitted.time[1].format('YYYY-MM-DD') })}</Descriptions.Item>
              <Descriptions.Item label={t('权重')}>{submitted.weights === undefined || submitted.weights === null ? t('未填') : `${submitted.weights}%`}</Descriptions.Item>
              <Descriptions.Item label={t('目标公开')}>
                {submitted.disclosurer?.length
                  ? t('部分公开（{names}）', { names: submitted.disclosurer.map((c) => t(c)).join(t('、')) })
                  : t(DISCLOSURE[submitted.disclosure])}
              </Descriptions.Item>
            </Descriptions>
          }
        />
      )}
    </Card>
  );
}
