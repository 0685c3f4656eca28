// The add/edit modal of a list page: a form posted to api.add or put to api.edit (with the row's id).
import { useEffect, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useCloseGuard } from '../dialogs/useCloseGuard';
import { useSaveRecord } from './useSaveRecord';
import { t } from '../../lib/i18n';

export interface ListFormModalProps<T extends object> {
  /** undefined: closed; {}: add; a row: edit. */
  record: Partial<T> | undefined;
  title: string;
  api: { add: string; edit: string };
  onClose: () => void;
  onSaved: () => void;
  children: ReactNode | ((form: FormInstance, isEdit: boolean) => ReactNode);
  /** Record → form values (e.g. strings → dayjs). */
  toForm?: (record: Partial<T>) => Record<string, unknown>;
  /** Form values → request body (the id is added on edit). */
  toBody?: (values: Record<string, unknown>, record: Partial<T>) => Record<string, unknown> | Promise<Record<string, unknown>>;
  width?: number;
  /** Read-only view (详情). */
  disabled?: boolean;
}

export function ListFormModal<T extends { id?: unknown }>(props: ListFormModalProps<T>) {
  const { record, title, api, onClose, onSaved, children, toForm, toBody, width = 800, disabled } = props;
  const [form] = Form.useForm();
  const { saving, save } = useSaveRecord(api, { onSaved, onClose });
  const isEdit = !!record?.id;
  // typed into since it opened: closing then asks first (Esc, ×, 关闭 or a click outside); an Esc or click
  // meant for a dialog stacked on this one (a picker) is not for it
  const guard = useCloseGuard(onClose, { open: !!record, resetKey: record, readOnly: disabled });

  useEffect(() => {
    if (!record) return;
    form.resetFields();
    form.setFieldsValue(toForm ? toForm(record) : (record as Record<string, unknown>));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  const submit = async () => {
    if (disabled) return onClose();
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows the failing rules
    }
    const body = toBody ? await toBody(values, record ?? {}) : values;
    await save(body, isEdit ? record!.id : undefined);
  };

  return (
    <Modal
      title={disabled ? t('{label}详情', { label: t(title) }) : isEdit ? t('编辑{label}', { label: t(title) }) : t('新增{label}', { label: t(title) })}
      open={!!record}
      width={width}
      onOk={submit}
      onCancel={guard.requestClose}
      confirmLoading={saving}
      okText={t('确定')}
      cancelText={t('关闭')}
      okButtonProps={disabled ? { style: { display: 'none' } } : undefined}
      wrapClassName={guard.className}
      forceRender
    >
      <Form form={form} labelWrap labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} disabled={disabled} onValuesChange={guard.markDirty}>
        {typeof children === 'function' ? children(form, isEdit) : children}
      </Form>
    </Modal>
  );
}
