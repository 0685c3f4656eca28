// 打印 (the original's PrintDemo): a training sign-in sheet laid out for paper; 打印 opens the browser's
// print dialog and the print style (print.css) leaves only the sheet on the page. The sheet's heading and
// date can be edited before printing.
import { useState } from 'react';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import './print.css';
import { t } from '../../../lib/i18n';

const ATTENDEES = [
  { no: 1, name: '付晓晓', dept: '研发部', phone: '138****0001' },
  { no: 2, name: '周毛毛', dept: '安保处', phone: '138****0002' },
  { no: 3, name: '林东东', dept: '教务处', phone: '138****0003' },
  { no: 4, name: '曲丽丽', dept: '后勤处', phone: '138****0004' },
  { no: 5, name: '王昭君', dept: '研发部', phone: '138****0005' },
];

export default function PrintPage() {
  const [title, setTitle] = useState(() => t('消防安全培训签到表'));
  const [date, setDate] = useState(() => t('2026年11月25日 14:00'));

  return (
    <Card>
      <Form layout="inline" className="no-print" style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item label={t('标题')} htmlFor="print-title">
          <Input id="print-title" value={title} onChange={(e) => setTitle(e.target.value)} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item label={t('培训时间')} htmlFor="print-date">
          <Input id="print-date" value={date} onChange={(e) => setDate(e.target.value)} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('打印')}
          </Button>
        </Form.Item>
      </Form>
      <div className="print-sheet" role="document" aria-label={t('打印内容')}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {title}
        </Typography.Title>
        <Space size="large" style={{ marginBottom: 12 }} wrap>
          <span>{t('培训时间：{date}', { date })}</span>
          <span>{t('培训地点：{place}', { place: t('学校报告厅') })}</span>
          <span>{t('主讲人：{dept} {name}', { dept: t('安保处'), name: t('周毛毛') })}</span>
        </Space>
        <table className="print-table">
          <thead>
            <tr>
              <th>{t('序号')}</th>
              <th>{t('姓名')}</th>
              <th>{t('部门')}</th>
              <th>{t('联系电话')}</th>
              <th>{t('签名')}</th>
            </tr>
          </thead>
          <tbody>
            {ATTENDEES.map((a) => (
              <tr key={a.no}>
                <td>{a.no}</td>
                <td>{t(a.name)}</td>
                <td>{t(a.dept)}</td>
                <td>{a.phone}</td>
                <td aria-label={t('{name}的签名', { name: t(a.name) })} />
              </tr>
            ))}
          </tbody>
        </table>
        <Typography.Paragraph style={{ marginTop: 24 }}>{t('应到 {n} 人，实到＿＿人。', { n: ATTENDEES.length })}</Typography.Paragraph>
        <Typography.Paragraph style={{ textAlign: 'right' }}>{t('负责人签字：＿＿＿＿＿＿')}</Typography.Paragraph>
      </div>
    </Card>
  );
}
