// Add/edit a dictionary: name, code (unique, checked while typing) and description.
import { Form, Input } from 'antd';
import { UniqueCodeItem } from '../../../components/dict';
import { ListFormModal } from '../../../components/list-page';
import { DICT_API, DICT_CODE_PATTERN, type Dict } from './dictApi';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';

export function DictFormModal({ record, onClose, onSaved }: { record: Partial<Dict> | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <ListFormModal<Dict> title={t('字典')} record={record} api={DICT_API} onClose={onClose} onSaved={onSaved} width={600}>
      <Form.Item label={t('字典名称')} name="dictName" rules={formRules.required(t('字典名称'), { max: 100 })}>
        <Input placeholder={t('请输入字典名称')} />
      </Form.Item>
      <UniqueCodeItem label={t('字典编码')} name="dictCode" tableName="sys_dict" fieldName="dict_code" dataId={record?.id} max={100} extraRules={[{ pattern: DICT_CODE_PATTERN, message: t('只允许字母、数字、下划线、中划线和点') }]} />
      <Form.Item label={t('描述')} name="description" rules={formRules.length({ max: 255 })}>
        <Input.TextArea placeholder={t('请输入描述')} rows={3} />
      </Form.Item>
    </ListFormModal>
  );
}
