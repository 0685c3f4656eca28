// 基础详情页 (the original's page demo desc/basic): a refund request - its numbers, the user, the goods
// returned with their total, and the progress of the return.
import { Badge, Card, Descriptions, Divider, Table, Typography } from 'antd';
import { t } from '../../../../lib/i18n';

interface Goods {
  id: string;
  name: string;
  barcode: string;
  price: number;
  num: number;
}
interface Progress {
  key: string;
  time: string;
  rate: string;
  status: 'success' | 'processing';
  operator: string;
  cost: string;
}

const GOODS: Goods[] = [
  { id: '1234561', name: '应急手电筒', barcode: '12421432143214321', price: 2, num: 1 },
  { id: '1234562', name: '急救包', barcode: '12421432143214322', price: 3, num: 2 },
  { id: '1234563', name: '灭火毯', barcode: '12421432143214323', price: 4, num: 3 },
  { id: '1234564', name: '逃生面罩', barcode: '12421432143214324', price: 5, num: 4 },
];
const PROGRESS: Progress[] = [
  { key: '1', time: '2026-10-01 14:10', rate: '联系客户', status: 'processing', operator: '取货员 ID1234', cost: '5mins' },
  { key: '2', time: '2026-10-01 14:05', rate: '取货员出发', status: 'success', operator: '取货员 ID1234', cost: '1h' },
  { key: '3', time: '2026-10-01 13:05', rate: '取货员接单', status: 'success', operator: '取货员 ID1234', cost: '5mins' },
  { key: '4', time: '2026-10-01 13:00', rate: '申请审批通过', status: 'success', operator: '系统', cost: '1h' },
  { key: '5', time: '2026-10-01 12:00', rate: '发起退货申请', status: 'success', operator: '用户', cost: '5mins' },
];
const yuan = (n: number) => n.toFixed(2);
const totalNum = GOODS.reduce((s, g) => s + g.num, 0);
const totalAmount = GOODS.reduce((s, g) => s + g.price * g.num, 0);

export default function BasicProfilePage() {
  return (
    <Card>
      <Descriptions title={t('退款申请')} column={{ xs: 1, md: 2, xl: 4 }}>
        <Descriptions.Item label={t('取货单号')}>1000000000</Descriptions.Item>
        <Descriptions.Item label={t('状态')}>{t('已取货')}</Descriptions.Item>
        <Descriptions.Item label={t('销售单号')}>1234123421</Descriptions.Item>
        <Descriptions.Item label={t('子订单')}>3214321432</Descriptions.Item>
      </Descriptions>
      <Divider />
      <Descriptions title={t('用户信息')} column={{ xs: 1, md: 2, xl: 4 }}>
        <Descriptions.Item label={t('用户姓名')}>{t('付小小')}</Descriptions.Item>
        <Descriptions.Item label={t('联系电话')}>18100000000</Descriptions.Item>
        <Descriptions.Item label={t('常用快递')}>{t('菜鸟仓储')}</Descriptions.Item>
        <Descriptions.Item label={t('取货地址')}>{t('浙江省杭州市西湖区万塘路18号')}</Descriptions.Item>
        <Descriptions.Item label={t('备注')}>{t('无')}</Descriptions.Item>
      </Descriptions>
      <Divider />
      <Typography.Title level={5}>{t('退货商品')}</Typography.Title>
      <Table<Goods>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={GOODS}
        scroll={{ x: 640 }}
        columns={[
          { title: t('商品编号'), dataIndex: 'id' },
          { title: t('商品名称'), dataIndex: 'name', render: (name: string) => t(name) },
          { title: t('商品条码'), dataIndex: 'barcode' },
          { title: t('单价'), dataIndex: 'price', align: 'right', render: yuan },
          { title: t('数量（件）'), dataIndex: 'num', align: 'right' },
          { title: t('金额'), key: 'amount', align: 'right', render: (_v, g) => yuan(g.price * g.num) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4}>
              <strong>{t('总计')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <strong>{totalNum}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              <strong>{yuan(totalAmount)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Divider />
      <Typography.Title level={5}>{t('退货进度')}</Typography.Title>
      <Table<Progress>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={PROGRESS}
        scroll={{ x: 560 }}
        columns={[
          { title: t('时间'), dataIndex: 'time' },
          { title: t('当前进度'), dataIndex: 'rate', render: (rate: string) => t(rate) },
          { title: t('状态'), dataIndex: 'status', render: (s: Progress['status']) => <Badge status={s} text={s === 'success' ? t('成功') : t('进行中')} /> },
          { title: t('操作员ID'), dataIndex: 'operator', render: (operator: string) => t(operator) },
          { title: t('耗时'), dataIndex: 'cost' },
        ]}
      />
    </Card>
  );
}
