// The popup column's picker: a modal listing products; resolves with the picked one (or undefined).
import { Modal, Table } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { PRODUCTS, products } from './demoOptions';
import { t } from '../../../lib/i18n';
import { namedRowCheckbox } from '../../../components/list-page/rowCheckbox';

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

  const shown = products();
  const modal = (
    <Modal
      title={t('选择商品')}
      open={open}
      width={600}
      onOk={() => finish(shown.find((p) => p.code === picked[0]))}
      onCancel={() => finish(undefined)}
      okText={t('确定')}
      cancelText={t('关闭')}
      destroyOnHidden
    >
      <Table<Product>
        rowKey="code"
        size="small"
        pagination={false}
        dataSource={shown}
        rowSelection={{ type: 'radio', selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)), getCheckboxProps: namedRowCheckbox }}
        onRow={(p) => ({ onClick: () => setPicked([p.code]) })}
        columns={[
          { title: t('编码'), dataIndex: 'code' },
          { title: t('名称'), dataIndex: 'name' },
          { title: t('单价'), dataIndex: 'price' },
        ]}
      />
    </Modal>
  );
  return { pick, modal };
}
