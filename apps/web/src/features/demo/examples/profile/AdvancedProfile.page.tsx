// 高级详情页 (the original's page demo desc/high): an order with its figures, the approval flow as steps,
// the user's information, and the operation logs in tabs; 驳回 and 通过 move the flow on.
import { useState } from 'react';
import { Badge, Button, Card, Col, Descriptions, Row, Space, Statistic, Steps, Table, Tabs, Tag } from 'antd';
import { t } from '../../../../lib/i18n';

interface LogRow {
  key: string;
  type: string;
  name: string;
  status: 'agree' | 'reject';
  updatedAt: string;
  memo: string;
}

const FLOW = ['创建项目', '部门初审', '财务复核', '完成'];
const LOGS: LogRow[] = [
  { key: '1', type: '订购关系生效', name: '曲丽丽', status: 'agree', updatedAt: '2026-10-03 19:23:12', memo: '—' },
  { key: '2', type: '财务复审', name: '付小小', status: 'reject', updatedAt: '2026-10-03 19:23:12', memo: '不通过原因：发票抬头有误' },
  { key: '3', type: '部门初审', name: '周毛毛', status: 'agree', updatedAt: '2026-10-03 19:23:12', memo: '—' },
  { key: '4', type: '提交订单', name: '林东东', status: 'agree', updatedAt: '2026-10-03 19:23:12', memo: '很棒' },
];

function LogTable({ rows }: { rows: LogRow[] }) {
  return (
    <Table<LogRow>
      rowKey="key"
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 640 }}
      columns={[
        { title: t('操作类型'), dataIndex: 'type', render: (type: string) => t(type) },
        { title: t('操作人'), dataIndex: 'name', render: (name: string) => t(name) },
        { title: t('执行结果'), dataIndex: 'status', render: (s: LogRow['status']) => <Badge status={s === 'agree' ? 'success' : 'error'} text={s === 'agree' ? t('成功') : t('驳回')} /> },
        { title: t('操作时间'), dataIndex: 'updatedAt' },
        { title: t('备注'), dataIndex: 'memo', render: (memo: string) => t(memo) },
      ]}
    />
  );
}

export default function AdvancedProfilePage() {
  const [step, setStep] = useState(1);
  const [rejected, setRejected] = useState(false);
  const finished = step >= FLOW.length - 1;
  const state = t(rejected ? '已驳回' : finished ? '已完成' : '待审批');

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16} align="middle">
          <Col flex="auto">
            <Descriptions title={t('单号：{no}', { no: '234231029431' })} column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t('创建人')}>{t('曲丽丽')}</Descriptions.Item>
              <Descriptions.Item label={t('订购产品')}>{t('安全教育课件包')}</Descriptions.Item>
              <Descriptions.Item label={t('创建时间')}>2026-10-01</Descriptions.Item>
              <Descriptions.Item label={t('关联单据')}>12421</Descriptions.Item>
              <Descriptions.Item label={t('生效日期')}>2026-10-01 ~ 2027-09-30</Descriptions.Item>
              <Descriptions.Item label={t('备注')}>{t('请于两个工作日内确认')}</Descriptions.Item>
            </Descriptions>
          </Col>
          <Col>
            <Space size="large">
              <Statistic title={t('状态')} value={state} />
              <Statistic title={t('订单金额')} value={568.08} precision={2} prefix="¥" />
            </Space>
          </Col>
        </Row>
        <Space style={{ marginTop: 8 }}>
          <Button danger disabled={rejected || finished} onClick={() => setRejected(true)}>
            {t('驳回')}
          </Button>
          <Button type="primary" disabled={rejected || finished} onClick={() => setStep((s) => s + 1)}>
            {t('通过')}
          </Button>
        </Space>
      </Card>
      <Card title={t('流程进度')} style={{ marginBottom: 16 }}>
        <Steps
          current={step}
          status={rejected ? 'error' : finished ? 'finish' : 'process'}
          items={FLOW.map((title, i) => ({ title: t(title), description: i === 0 ? `${t('曲丽丽')} 2026-10-01 12:32` : undefined }))}
        />
      </Card>
      <Card title={t('用户信息')} style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('用户姓名')}>{t('付小小')}</Descriptions.Item>
          <Descriptions.Item label={t('会员卡号')}>32943898021309809423</Descriptions.Item>
          <Descriptions.Item label={t('身份证')}>3321944288191034921</Descriptions.Item>
          <Descriptions.Item label={t('联系方式')}>18112345678</Descriptions.Item>
          <Descriptions.Item label={t('联系地址')}>{t('浙江省杭州市西湖区黄姑山路工专路交叉路口')}</Descriptions.Item>
          <Descriptions.Item label={t('标签')}>
            <Tag color="blue">{t('老客户')}</Tag>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'all', label: t('操作日志一'), children: <LogTable rows={LOGS} /> },
            { key: 'reject', label: t('操作日志二'), children: <LogTable rows={LOGS.filter((l) => l.status === 'reject')} /> },
            { key: 'agree', label: t('操作日志三'), children: <LogTable rows={LOGS.filter((l) => l.status === 'agree')} /> },
          ]}
        />
      </Card>
    </>
  );
}
