// Add/edit one item of a dictionary: text, value, colour, description, sort order, enabled.
import { Form, Input, InputNumber, Switch } from 'antd';
import { ListFormModal } from '../../../components/list-page';
import { DICT_ITEM_API, type DictItem } from './dictApi';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';

const COLOR_PATTERN = /^(#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|[a-z]+)$/;

export function DictItemFormModal(props: { dictId: string; record: Partial<DictItem> | undefined; onClose: () => void; onSaved: () => void }) {
  const { dictId, record, onClose, onSaved } = props;
  return (
    <ListFormModal<DictItem>
      title={t('字典项')}
      record={record}
      api={DICT_ITEM_API}
      onClose={onClose}
      onSaved={onSaved}
      width={600}
      toForm={(r) => ({ sortOrder: 1, ...r, status: r.status === undefined ? true : Number(r.status) === 1 })}
      toBody={(v) => ({ ...v, dictId, status: v.status ? 1 : 0 })}
    >
      <Form.Item label={t('名称')} name="itemText" rules={formRules.required(t('名称'), { max: 100 })}>
        <Input placeholder={t('请输入名称')} />
      </Form.Item>
      <Form.Item label={t('数据值')} name="itemValue" rules={formRules.required(t('数据值'), { max: 100 })}>
        <Input placeholder={t('请输入数据值')} />
      </Form.Item>
      <Form.Item label={t('颜色值')} name="itemColor" rules={[{ pattern: COLOR_PATTERN, message: t('请输入颜色名或 #RRGGBB') }]}>
        <Input placeholder={t('如 red 或 #1890FF')} />
      </Form.Item>
      <Form.Item label={t('描述')} name="description" rules={formRules.length({ max: 255 })}>
        <Input placeholder={t('请输入描述')} />
      </Form.Item>
      <Form.Item label={t('排序值')} name="sortOrder" extra={t('值越小越靠前')}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label={t('是否启用')} name="status" valuePropName="checked">
        <Switch checkedChildren={t('启用')} unCheckedChildren={t('禁用')} />
      </Form.Item>
    </ListFormModal>
  );
}
