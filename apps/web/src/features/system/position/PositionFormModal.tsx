// Add/edit a position: code, name and rank.
import { Form, Input } from 'antd';
import { DictSelect, ListFormModal } from '../../../components/list-page';
import { POSITION_API, type Position } from './positionApi';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';

export function PositionFormModal({ record, onClose, onSaved }: { record: Partial<Position> | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <ListFormModal<Position> title="职务" record={record} api={POSITION_API} onClose={onClose} onSaved={onSaved} width={600}>
      <Form.Item label={t('职务编码')} name="code" rules={formRules.required('职务编码', { max: 100 })}>
        <Input placeholder={t('请输入职务编码')} />
      </Form.Item>
      <Form.Item label={t('职务名称')} name="name" rules={formRules.required('职务名称', { max: 100 })}>
        <Input placeholder={t('请输入职务名称')} />
      </Form.Item>
      <Form.Item label={t('职级')} name="postRank">
        <DictSelect dictCode="position_rank" placeholder={t('请选择职级')} />
      </Form.Item>
    </ListFormModal>
  );
}
