// 高级表单 (the original's page demo form/high): a warehouse, its task and a table of members edited in
// place (新增成员, 删除), all validated together on 提交; a refusal says how many fields are wrong.
import { useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Popconfirm, Row, Space, Table } from 'antd';
import { FormSelect } from './FormSelect';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { t } from '../../../../lib/i18n';

interface Member {
  name: string;
  no: string;
  dept: string;
}
interface Project {
  repoName: string;
  repoDomain: string;
  repoManager: string;
  approver: string;
  repoDate: [Dayjs, Dayjs];
  repoType: string;
  taskName: string;
  taskDescription: string;
  executor: string;
  owner: string;
  taskDate: Dayjs;
  taskType: string;
  members: Member[];
}

const PEOPLE = ['付晓晓', '周毛毛', '林东东'];
const TYPES = [
  { value: 'private', label: '私密' },
  { value: 'public', label: '公开' },
];
const INITIAL_MEMBERS: Member[] = [
  { name: '张三', no: '00001', dept: '研发部' },
  { name: '李四', no: '00002', dept: '安保处' },
];
const required = (message: string) => [{ required: true, message }];
// the options and sample rows in the current language (called while rendering)
const people = () => PEOPLE.map((p) => ({ value: p, label: t(p) }));
const types = () => TYPES.map((o) => ({ value: o.value, label: t(o.label) }));
const initialMembers = () => INITIAL_MEMBERS.map((m) => ({ ...m, name: t(m.name), dept: t(m.dept) }));

function MembersTable() {
  return (
    <Form.List name="members">
      {(fields, { add, remove }) => (
        <>
          <Table
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={fields}
            scroll={{ x: 560 }}
            columns={[
              {
                title: t('成员姓名'),
                key: 'name',
                render: (_v, f) => (
                  <Form.Item name={[f.name, 'name']} rules={required(t('请输入成员姓名'))} style={{ margin: 0 }}>
                    <Input placeholder={t('成员姓名')} aria-label={t('第{n}行成员姓名', { n: f.name + 1 })} />
                  </Form.Item>
                ),
              },
              {
                title: t('工号'),
                key: 'no',
                render: (_v, f) => (
                  <Form.Item name={[f.name, 'no']} rules={[...required(t('请输入工号')), { pattern: /^\d{5}$/, message: t('工号为 5 位数字') }]} style={{ margin: 0 }}>
                    <Input placeholder={t('工号')} aria-label={t('第{n}行工号', { n: f.name + 1 })} />
                  </Form.Item>
                ),
              },
              {
                title: t('所属部门'),
                key: 'dept',
                render: (_v, f) => (
                  <Form.Item name={[f.name, 'dept']} rules={required(t('请输入所属部门'))} style={{ margin: 0 }}>
                    <Input placeholder={t('所属部门')} aria-label={t('第{n}行所属部门', { n: f.name + 1 })} />
                  </Form.Item>
                ),
              },
              {
                title: t('操作'),
                key: 'action',
                width: 80,
                render: (_v, f) => (
                  <Popconfirm title={t('确定删除这名成员吗？')} onConfirm={() => remove(f.name)}>
                    <a>{t('删除')}</a>
                  </Popconfirm>
                ),
              },
            ]}
          />
          <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({ name: '', no: '', dept: '' })}>
            {t('新增成员')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

export default function AdvancedFormPage() {
  const [form] = Form.useForm<Project>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();

  return (
    <Form<Project>
      form={form}
      layout="vertical"
      initialValues={{ members: initialMembers() }}
      onFinish={(v) => setOutcome({ ok: true, text: t('已提交仓库「{repo}」与任务「{task}」，成员 {n} 人', { repo: v.repoName, task: v.taskName, n: v.members.length }) })}
      onFinishFailed={({ errorFields }) => setOutcome({ ok: false, text: t('有 {n} 项填写有误，请检查后再提交', { n: errorFields.length }) })}
    >
      <Card title={t('仓库管理')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={t('仓库名')} name="repoName" rules={required(t('请输入仓库名'))}>
              <Input placeholder={t('请输入仓库名')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('仓库域名')} name="repoDomain" rules={[...required(t('请输入仓库域名')), { pattern: /^[a-z0-9-]+$/, message: t('只能包含小写字母、数字和连字符') }]}>
              <Input prefix="http://" suffix=".anxue.cn" placeholder={t('请输入')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('仓库管理员')} name="repoManager" rules={required(t('请选择仓库管理员'))}>
              <FormSelect options={people()} placeholder={t('请选择管理员')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('审批人')} name="approver">
              <FormSelect options={people()} placeholder={t('请选择审批人')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('生效日期')} name="repoDate">
              <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('开始日期'), t('结束日期')]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('仓库类型')} name="repoType">
              <FormSelect options={types()} placeholder={t('请选择仓库类型')} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('任务管理')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={t('任务名')} name="taskName" rules={required(t('请输入任务名'))}>
              <Input placeholder={t('请输入任务名')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('任务描述')} name="taskDescription">
              <Input placeholder={t('请输入任务描述')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('执行人')} name="executor" rules={required(t('请选择执行人'))}>
              <FormSelect options={people()} placeholder={t('请选择执行人')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('责任人')} name="owner">
              <FormSelect options={people()} placeholder={t('请选择责任人')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('提醒时间')} name="taskDate">
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('任务类型')} name="taskType">
              <FormSelect options={types()} placeholder={t('请选择任务类型')} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('成员管理')} style={{ marginBottom: 16 }}>
        <MembersTable />
      </Card>
      <Card>
        {outcome && <Alert type={outcome.ok ? 'success' : 'error'} showIcon message={outcome.text} style={{ marginBottom: 16 }} />}
        <Space>
          <Button type="primary" htmlType="submit">
            {t('提交')}
          </Button>
          <Button onClick={() => (form.resetFields(), setOutcome(undefined))}>{t('重置')}</Button>
        </Space>
      </Card>
    </Form>
  );
}
