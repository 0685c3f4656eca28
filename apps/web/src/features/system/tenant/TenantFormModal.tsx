// Add/edit a tenant: name, validity period and status; the number is assigned by the server.
import { DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs from 'dayjs';
import { DATETIME_FORMAT } from '@anxue/shared/constants';
import { DictSelect, ListFormModal } from '../../../components/list-page';
import { TENANT_API, type Tenant } from './tenantApi';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';

const toDay = (v: unknown) => (typeof v === 'string' && v ? dayjs(v) : undefined);
const fromDay = (v: unknown) => (v && dayjs.isDayjs(v) ? v.format(DATETIME_FORMAT) : null);

export function TenantFormModal({ record, onClose, onSaved }: { record: Partial<Tenant> | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <ListFormModal<Tenant>
      title="租户"
      record={record}
      api={TENANT_API}
      onClose={onClose}
      onSaved={onSaved}
      width={600}
      toForm={(r) => ({ ...r, beginDate: toDay(r.beginDate), endDate: toDay(r.endDate), status: r.status === undefined ? '1' : String(r.status) })}
      toBody={(v) => ({ ...v, beginDate: fromDay(v.beginDate), endDate: fromDay(v.endDate), status: v.status === undefined ? 1 : Number(v.status) })}
    >
      {(form, isEdit) => (
        <>
          {isEdit && (
            <Form.Item label={t('租户编号')} name="id">
              <InputNumber disabled style={{ width: '100%' }} />
            </Form.Item>
          )}
          <Form.Item label={t('租户名称')} name="name" rules={formRules.required('租户名称', { max: 100 })}>
            <Input placeholder={t('请输入租户名称')} />
          </Form.Item>
          <Form.Item label={t('开始时间')} name="beginDate">
            <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} placeholder={t('请选择开始时间')} />
          </Form.Item>
          <Form.Item
            label={t('结束时间')}
            name="endDate"
            dependencies={['beginDate']}
            rules={[
              {
                validator: async (_r, v) => {
                  const begin = form.getFieldValue('beginDate');
                  if (v && begin && dayjs(v).isBefore(begin)) throw new Error(t('结束时间不能早于开始时间'));
                },
              },
            ]}
          >
            <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} placeholder={t('请选择结束时间')} />
          </Form.Item>
          <Form.Item label={t('状态')} name="status">
            <DictSelect dictCode="tenant_status" allowClear={false} />
          </Form.Item>
        </>
      )}
    </ListFormModal>
  );
}
