// Add/edit an order with its lines: the order's fields in a form, the lines in an editable grid (drag
// sort, validation, statistics), both saved in one request (`{ ...order, lines }`).
import { DatePicker, Form, Input, Modal, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCloseGuard } from '../../../components/dialogs';
import { EditableGrid, GridValidationError, type EditableGridHandle, type GridRow } from '../../../components/editable-grid';
import { useSaveRecord } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { formRules } from '../../../lib/formRules';
import { loadOrder, ORDER_API, type Order } from './orderApi';
import { amountPatches, lineAmount, lineColumns, linesBody, orderTotal } from './orderLines';
import { t } from '../../../lib/i18n';

interface Props {
  /** undefined: closed; {}: add; a row: edit (its lines are loaded). */
  record: Partial<Order> | undefined;
  onClose: () => void;
  onSaved: () => void;
}

export function OrderFormModal({ record, onClose, onSaved }: Props) {
  const [form] = Form.useForm();
  const grid = useRef<EditableGridHandle>(null);
  const columns = useMemo(lineColumns, []);
  const [lines, setLines] = useState<Partial<GridRow>[] | null>(null);
  const [total, setTotal] = useState(0);
  const { saving, save } = useSaveRecord(ORDER_API, { onSaved, onClose });
  const isEdit = !!record?.id;
  // the lines as loaded: a grid change that leaves them so (the computed amounts) is not an edit
  const loadedLines = useRef('');
  const guard = useCloseGuard(onClose, { open: !!record, resetKey: record });

  useEffect(() => {
    if (!record) return;
    let live = true;
    form.resetFields();
    setLines(null);
    const show = (order: Partial<Order>) => {
      form.setFieldsValue({ ...order, orderDate: order.orderDate ? dayjs(order.orderDate) : undefined });
      const rows = (order.lines ?? []).map((l) => ({ ...l, amount: lineAmount(l) }));
      loadedLines.current = JSON.stringify(linesBody(rows as GridRow[]));
      setLines(rows);
      setTotal(orderTotal(rows));
    };
    if (!record.id) show({});
    else
      void loadOrder(record.id).then(
        (order) => live && show(order),
        () => live && onClose(),
      );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  // Keeps the computed amount column and the order total in step with price and quantity.
  const onLinesChange = (rows: GridRow[]) => {
    const patches = amountPatches(rows);
    if (patches.length) grid.current?.setValues(patches);
    setTotal(orderTotal(rows));
    if (JSON.stringify(linesBody(rows)) !== loadedLines.current) guard.markDirty();
  };

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows the failing rules
    }
    let rows: GridRow[];
    try {
      rows = (await grid.current!.getValues()).values;
    } catch (err) {
      if (err instanceof GridValidationError) {
        void message.error(t('订单明细校验未通过：{n} 处错误', { n: err.errorCount }));
        return;
      }
      throw err;
    }
    const body = {
      ...values,
      orderDate: values.orderDate ? dayjs(values.orderDate as dayjs.Dayjs).format('YYYY-MM-DD') : null,
      lines: linesBody(rows),
    };
    await save(body, isEdit ? record!.id : undefined);
  };

  return (
    <Modal
      title={isEdit ? t('编辑订单') : t('新增订单')}
      open={!!record}
      width={1000}
      onOk={() => void submit()}
      onCancel={guard.requestClose}
      wrapClassName={guard.className}
      confirmLoading={saving}
      okText={t('确定')}
      cancelText={t('关闭')}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="inline" style={{ rowGap: 12, marginBottom: 16 }} onValuesChange={guard.markDirty}>
        <Form.Item label={t('订单号')} name="orderCode" rules={[{ max: 50, message: t('最大长度{n}位字符', { n: 50 }) }, { pattern: /^[A-Za-z0-9_-]*$/, message: t('订单号只能包含字母、数字、下划线和短横线') }]}>
          <Input placeholder={t('留空自动生成')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label={t('客户')} name="customer" rules={formRules.required('客户', { max: 100 })}>
          <Input placeholder={t('请输入客户')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label={t('订单日期')} name="orderDate">
          <DatePicker placeholder={t('请选择订单日期')} />
        </Form.Item>
        <Form.Item label={t('备注')} name="remark" rules={formRules.length({ max: 500 })}>
          <Input placeholder={t('请输入备注')} style={{ width: 260 }} />
        </Form.Item>
      </Form>
      {lines ? (
        <>
          <EditableGrid ref={grid} columns={columns} value={lines} onChange={onLinesChange} dragSort rowSelection="checkbox" toolbar={{ move: true }} maxHeight={360} />
          <div className="order-total" style={{ marginTop: 8, textAlign: 'right' }}>
            {t('订单金额：')}
            <strong>{total.toFixed(2)}</strong> {t('元')}
          </div>
        </>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
