// The popup column's picker: a modal listing products; resolves with the picked one (or undefined).
import { Modal, Table } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { PRODUCTS } from './demoOptions';

type Product = (typeof PRODUCTS)[number];

export function useProductPicker() {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const resolver = useRef<((p: Product | undefined) => void) | null>(null);

  const pick = useCallback(
    () =>
      new Promise<Record<string, unknown> | undefined>((resolve) => {
        resolver.current = resolve;
        setPicked([]);
        setOpen(true);
      }),
    [],
  );
  const finish = (p: Product | undefined) => {
    resolver.current?.(p);
    resolver.current = null;
    setOpen(false);
  };

  const modal = (
    <Modal
      title="选择商品"
      open={open}
      width={600}
      onOk={() => finish(PRODUCTS.find((p) => p.code === picked[0]))}
      onCancel={() => finish(undefined)}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
    >
      <Table<Product>
        rowKey="code"
        size="small"
        pagination={false}
        dataSource={PRODUCTS}
        rowSelection={{ type: 'radio', selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }}
        onRow={(p) => ({ onClick: () => setPicked([p.code]) })}
        columns={[
          { title: '编码', dataIndex: 'code' },
          { title: '名称', dataIndex: 'name' },
          { title: '单价', dataIndex: 'price' },
        ]}
      />
    </Modal>
  );
  return { pick, modal };
}
