// Add/edit an order with its lines: the order's fields in a form, the lines in an editable grid (drag
// sort, validation, statistics), both saved in one request (`{ ...order, lines }`).
import { DatePicker, Form, Input, Modal, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { EditableGrid, GridValidationError, type EditableGridHandle, type GridRow } from '../../../components/editable-grid';
import { useSaveRecord } from '../../../components/list-page';
import { message } from '../../../lib/antdStatic';
import { formRules } from '../../../lib/formRules';
import { loadOrder, ORDER_API, type Order } from './orderApi';
import { amountPatches, LINE_COLUMNS, lineAmount, linesBody, orderTotal } from './orderLines';

interface Props {
  /** undefined: closed; {}: add; a row: edit (its lines are loaded). */
  record: Partial<Order> | undefined;
  onClose: () => void;
  onSaved: () => void;
}

export function OrderFormModal({ record, onClose, onSaved }: Props) {
  const [form] = Form.useForm();
  const grid = useRef<EditableGridHandle>(null);
  const [lines, setLines] = useState<Partial<GridRow>[] | null>(null);
  const [total, setTotal] = useState(0);
  const { saving, save } = useSaveRecord(ORDER_API, { onSaved, onClose });
  const isEdit = !!record?.id;

  useEffect(() => {
    if (!record) return;
    let live = true;
    form.resetFields();
    setLines(null);
    const show = (order: Partial<Order>) => {
      form.setFieldsValue({ ...order, orderDate: order.orderDate ? dayjs(order.orderDate) : undefined });
      const rows = (order.lines ?? []).map((l) => ({ ...l, amount: lineAmount(l) }));
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
        void message.error(`订单明细校验未通过：${err.errorCount} 处错误`);
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
      title={isEdit ? '编辑订单' : '新增订单'}
      open={!!record}
      width={1000}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="订单号" name="orderCode" rules={[{ max: 50, message: '最大长度50位字符' }, { pattern: /^[A-Za-z0-9_-]*$/, message: '订单号只能包含字母、数字、下划线和短横线' }]}>
          <Input placeholder="留空自动生成" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="客户" name="customer" rules={formRules.required('客户', { max: 100 })}>
          <Input placeholder="请输入客户" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="订单日期" name="orderDate">
          <DatePicker placeholder="请选择订单日期" />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={formRules.length({ max: 500 })}>
          <Input placeholder="请输入备注" style={{ width: 260 }} />
        </Form.Item>
      </Form>
      {lines ? (
        <>
          <EditableGrid ref={grid} columns={LINE_COLUMNS} value={lines} onChange={onLinesChange} dragSort rowSelection="checkbox" toolbar={{ move: true }} maxHeight={360} />
          <div className="order-total" style={{ marginTop: 8, textAlign: 'right' }}>
            订单金额：<strong>{total.toFixed(2)}</strong> 元
          </div>
        </>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
