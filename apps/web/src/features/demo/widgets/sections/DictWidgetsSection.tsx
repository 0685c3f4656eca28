// 字典组件: every dictionary widget in one antd Form, its values shown below; a 字典编码 input
// drives one select so any dictionary (e.g. one just added on 数据字典) can be tried.
import { useEffect, useState } from 'react';
import { Card, Form, Input, Space, Table, Typography } from 'antd';
import { AreaSelector, AsyncSearchSelect, CategoryTreeSelect, DictSelect, DictTreeSelect, renderDict } from '../../../../components/dict';
import { t } from '../../../../lib/i18n';

const SAMPLE_ROWS = [
  { id: '1', name: '张三', sex: '1', priority: 'H' },
  { id: '2', name: '李四', sex: '2', priority: 'L' },
  { id: '3', name: '王五', sex: '9', priority: 'M,L' },
];

/** The typed code, once typing pauses (each code is a request). */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function DictWidgetsSection() {
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const typedCode = useSettled(String(values?.dictCode ?? '').trim());

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('字典组件')} size="small">
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={{ dictCode: 'sex', radio: '1', checkbox: '1,2', area: '330106' }}
        >
          <Form.Item label={t('字典编码')} name="dictCode" extra={t('输入任意字典编码，下方下拉框随之加载该字典')}>
            <Input placeholder={t('请输入字典编码')} allowClear />
          </Form.Item>
          <Form.Item label={t('字典下拉（按编码）')} name="byCode">
            <DictSelect dictCode={typedCode || undefined} options={typedCode ? undefined : []} />
          </Form.Item>
          <Form.Item label={t('字典单选（radio）')} name="radio">
            <DictSelect dictCode="sex" type="radio" />
          </Form.Item>
          <Form.Item label={t('字典单选按钮（radioButton）')} name="radioButton">
            <DictSelect dictCode="priority" type="radioButton" />
          </Form.Item>
          <Form.Item label={t('字典多选框（checkbox）')} name="checkbox">
            <DictSelect dictCode="priority" type="checkbox" />
          </Form.Item>
          <Form.Item label={t('字典多选下拉（multiple）')} name="multiple">
            <DictSelect dictCode="position_rank" type="multiple" />
          </Form.Item>
          <Form.Item label={t('异步搜索（用户）')} name="user">
            <AsyncSearchSelect dict="sys_user,realname,username" />
          </Form.Item>
          <Form.Item label={t('分类字典树')} name="category">
            <CategoryTreeSelect />
          </Form.Item>
          <Form.Item label={t('分类字典树（多选）')} name="categories">
            <CategoryTreeSelect multiple />
          </Form.Item>
          <Form.Item label={t('字典表树（部门）')} name="depart">
            <DictTreeSelect dict="sys_depart,depart_name,id" pidField="parent_id" pidValue="" />
          </Form.Item>
          <Form.Item label={t('省市区（级联）')} name="area">
            <AreaSelector type="cascader" />
          </Form.Item>
          <Form.Item label={t('省市区（下拉）')} name="area2">
            <AreaSelector type="select" />
          </Form.Item>
        </Form>
        <Typography.Paragraph>
          {t('表单值：')}<code data-testid="dict-form-values">{JSON.stringify(values ?? {})}</code>
        </Typography.Paragraph>
      </Card>
      <Card title={t('列表中的字典文本')} size="small">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={SAMPLE_ROWS}
          columns={[
            { title: t('姓名'), dataIndex: 'name', render: (name: string) => t(name) },
            { title: t('性别'), dataIndex: 'sex', render: renderDict('sex') },
            { title: t('优先级'), dataIndex: 'priority', render: renderDict('priority') },
          ]}
        />
      </Card>
    </Space>
  );
}
