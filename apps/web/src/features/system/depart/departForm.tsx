// The fields of a department, shared by the edit pane and the add dialog.
import { Form, Input, InputNumber, Radio } from 'antd';
import type { DepartTreeNode } from '../../../components/tree';
import { t } from '../../../lib/i18n';

export type DepartValues = Pick<DepartTreeNode, 'departName' | 'departNameEn' | 'departNameAbbr' | 'orgCategory' | 'departOrder' | 'mobile' | 'fax' | 'address' | 'memo'>;

export const ORG_CATEGORIES = [
  { value: '1', label: t('公司') },
  { value: '2', label: t('组织机构') },
  { value: '3', label: t('岗位') },
];

export function departValues(node?: DepartTreeNode): DepartValues {
  return {
    departName: node?.departName ?? node?.title ?? '',
    departNameEn: node?.departNameEn ?? undefined,
    departNameAbbr: node?.departNameAbbr ?? undefined,
    orgCategory: node?.orgCategory ?? (node?.parentId ? '2' : '1'),
    departOrder: node?.departOrder ?? 0,
    mobile: node?.mobile ?? undefined,
    fax: node?.fax ?? undefined,
    address: node?.address ?? undefined,
    memo: node?.memo ?? undefined,
  };
}

export function DepartFields({ orgCode, parentName }: { orgCode?: string; parentName?: string }) {
  return (
    <>
      <Form.Item name="departName" label={t('机构名称')} rules={[{ required: true, whitespace: true, message: t('请输入机构名称') }, { max: 100, message: t('长度不超过{max}个字符', { max: 100 }) }]}>
        <Input placeholder={t('请输入机构名称')} />
      </Form.Item>
      {parentName !== undefined && <Form.Item label={t('上级部门')}>{parentName || t('无（顶级部门）')}</Form.Item>}
      {orgCode && <Form.Item label={t('机构编码')}>{orgCode}</Form.Item>}
      <Form.Item name="orgCategory" label={t('机构类型')}>
        <Radio.Group options={ORG_CATEGORIES} />
      </Form.Item>
      <Form.Item name="departOrder" label={t('排序')}>
        <InputNumber min={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="mobile" label={t('电话')} rules={[{ pattern: /^[0-9+\-\s()]{0,32}$/, message: t('请输入正确的电话号码') }]}>
        <Input placeholder={t('请输入电话')} />
      </Form.Item>
      <Form.Item name="fax" label={t('传真')}>
        <Input placeholder={t('请输入传真')} maxLength={32} />
      </Form.Item>
      <Form.Item name="address" label={t('地址')}>
        <Input placeholder={t('请输入地址')} maxLength={100} />
      </Form.Item>
      <Form.Item name="memo" label={t('备注')}>
        <Input.TextArea rows={3} placeholder={t('请输入备注')} maxLength={500} />
      </Form.Item>
    </>
  );
}
