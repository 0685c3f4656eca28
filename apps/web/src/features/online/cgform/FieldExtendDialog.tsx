// 扩展设置 of one field (its fieldExtendJson): linkage (show the field only when another field holds a
// value, or one of some values) and the other extension parameters kept as they are.
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import type { GridRow } from '../../../components/editable-grid';
import type { ShowWhen } from './fieldWidgets';
import { t } from '../../../lib/i18n';

function parse(json: unknown): Record<string, unknown> {
  if (typeof json !== 'string' || !json.trim()) return {};
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A short text for the grid cell, e.g. 联动: kind=a,b. */
export function extendSummary(json: unknown): string {
  const ext = parse(json);
  const when = ext.showWhen as ShowWhen | undefined;
  const parts: string[] = [];
  if (when?.field) parts.push(when.values?.length ? t('联动: {field}={values}', { field: when.field, values: when.values.join(',') }) : t('联动: {field}有值', { field: when.field }));
  const others = Object.keys(ext).filter((k) => k !== 'showWhen');
  if (others.length) parts.push(others.join(','));
  return parts.join(t('；'));
}

interface Values {
  showField?: string;
  showValues?: string;
  uploadnum?: number;
  validateError?: string;
}

export function FieldExtendDialog({ row, fields, onClose }: { row: GridRow; fields: GridRow[]; onClose: (json?: string) => void }) {
  const [form] = Form.useForm<Values>();
  const ext = parse(row.fieldExtendJson);
  const when = ext.showWhen as ShowWhen | undefined;
  const others = fields.filter((f) => f.id !== row.id && f.dbFieldName).map((f) => ({ value: String(f.dbFieldName), label: `${String(f.dbFieldTxt || '')}（${String(f.dbFieldName)}）` }));
  return (
    <Modal
      open
      title={t('扩展设置：{name}', { name: String(row.dbFieldTxt || row.dbFieldName || '') })}
      onCancel={() => onClose()}
      onOk={() => {
        const v = form.getFieldsValue();
        const next: Record<string, unknown> = { ...ext };
        delete next.showWhen;
        if (v.showField) {
          const values = (v.showValues ?? '').split(',').map((s) => s.trim()).filter(Boolean);
          next.showWhen = values.length ? { field: v.showField, values } : { field: v.showField };
        }
        if (v.uploadnum) next.uploadnum = v.uploadnum;
        else delete next.uploadnum;
        if (v.validateError) next.validateError = v.validateError;
        else delete next.validateError;
        onClose(Object.keys(next).length ? JSON.stringify(next) : '');
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ showField: when?.field, showValues: when?.values?.join(','), uploadnum: ext.uploadnum, validateError: ext.validateError }}>
        <Form.Item label={t('联动显示：当此字段有值时才显示')} name="showField">
          <Select allowClear options={others} placeholder={t('不联动（总是显示）')} />
        </Form.Item>
        <Form.Item label={t('且取值为（逗号分隔，留空表示任意值）')} name="showValues">
          <Input placeholder={t('如 1,2')} />
        </Form.Item>
        <Form.Item label={t('文件/图片最多个数（0 不限）')} name="uploadnum">
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('必填提示')} name="validateError">
          <Input placeholder={t('默认：请输入<字段备注>')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
