// The add/edit modal of a list page: a form posted to api.add or put to api.edit (with the row's id).
import { useEffect, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useSaveRecord } from './useSaveRecord';

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
      title={disabled ? `${title}详情` : isEdit ? `编辑${title}` : `新增${title}`}
      open={!!record}
      width={width}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="关闭"
      okButtonProps={disabled ? { style: { display: 'none' } } : undefined}
      forceRender
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} disabled={disabled}>
        {typeof children === 'function' ? children(form, isEdit) : children}
      </Form>
    </Modal>
  );
}
