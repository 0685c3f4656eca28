// The pickers on the widget demo page: one antd Form using every picker, showing what it submits.
import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { DepartPicker, EntityPicker, PickerInput, PopupPicker, RolePicker, TreeSelectModal, UserPicker, type PickerTreeNode } from '../../../../components/pickers';
import { t } from '../../../../lib/i18n';

const SUBJECTS: PickerTreeNode[] = [
  {
    key: 'safety',
    title: '安全教育',
    children: [
      { key: 'fire', title: '消防安全', isLeaf: true },
      { key: 'traffic', title: '交通安全', isLeaf: true },
      { key: 'water', title: '防溺水', isLeaf: true },
    ],
  },
  { key: 'health', title: '健康教育', isLeaf: true },
];

/** The subjects with their titles in the current language; call while rendering. */
function subjects(nodes: PickerTreeNode[] = SUBJECTS): PickerTreeNode[] {
  return nodes.map((n) => ({ ...n, title: typeof n.title === 'string' ? t(n.title) : n.title, children: n.children && subjects(n.children) }));
}

const titlesOf = (keys: string[]) => {
  const all = subjects().flatMap((n) => [n, ...(n.children ?? [])]);
  return keys.map((k) => all.find((n) => n.key === k)?.title ?? k).join(',');
};

/** The tree selection modal as a small form control (comma-joined keys). */
function SubjectPicker({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const [open, setOpen] = useState(false);
  const keys = value ? value.split(',') : [];
  return (
    <>
      <PickerInput id={id} text={titlesOf(keys)} placeholder={t('请选择课程')} hasValue={keys.length > 0} onOpen={() => setOpen(true)} onClear={() => onChange?.('')} />
      <TreeSelectModal
        open={open}
        title={t('选择课程')}
        treeData={subjects()}
        multiple
        checkStrictly
        showStrictSwitch
        value={keys}
        onOk={({ keys: picked }) => {
          setOpen(false);
          onChange?.(picked.join(','));
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

export default function PickersSection() {
  const [form] = Form.useForm();
  const [submitted, setSubmitted] = useState<Record<string, unknown> | undefined>();
  return (
    <Card title={t('选择器')} size="small">
      <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} onFinish={setSubmitted}>
        <Form.Item label={t('选择用户')} name="users">
          <UserPicker />
        </Form.Item>
        <Form.Item label={t('选择部门')} name="departs">
          <DepartPicker multi />
        </Form.Item>
        <Form.Item label={t('选择角色')} name="roles">
          <RolePicker />
        </Form.Item>
        <Form.Item label={t('弹窗选择')} name="popupUser">
          <PopupPicker code="report_user" orgFields="username,realname" destFields="popupUser,popupName" sorter="username=asc" />
        </Form.Item>
        <Form.Item label={t('姓名（回填）')} name="popupName">
          <Input readOnly placeholder={t('弹窗选择后回填')} />
        </Form.Item>
        <Form.Item label={t('选择实体')} name="positions">
          <EntityPicker
            listUrl="/sys/position/list"
            displayKey="name"
            name={t('职务')}
            queryParamText={t('职务名称')}
            columns={[
              { dataIndex: 'code', title: t('职务编码') },
              { dataIndex: 'name', title: t('职务名称') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('树选择')} name="subjects">
          <SubjectPicker />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit">
            {t('提交')}
          </Button>
        </Form.Item>
      </Form>
      {submitted && <Typography.Paragraph code data-testid="pickers-submitted">{JSON.stringify(submitted)}</Typography.Paragraph>}
    </Card>
  );
}
