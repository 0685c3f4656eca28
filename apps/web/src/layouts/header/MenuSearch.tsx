// Menu search: a select over every non-hidden entry; on mobile it opens in a modal titled 搜索菜单.
import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Modal, Select } from 'antd';
import { useNavigate } from 'react-router';
import type { MenuItem } from '../../lib/types';
import { findMenuItem, searchOptions } from '../menu/model';
import { t } from '../../lib/i18n';

export function MenuSearch({ menu, mobile }: { menu: MenuItem[]; mobile: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const options = useMemo(() => searchOptions(menu), [menu]);
  const go = (path: string) => {
    setOpen(false);
    const item = findMenuItem(menu, path);
    if (item?.meta?.internalOrExternal && item.meta.url) window.open(item.meta.url, '_blank', 'noopener');
    else navigate(path);
  };
  const select = (
    <Select
      showSearch
      aria-label={t('搜索菜单')}
      placeholder={t('搜索菜单')}
      options={options}
      optionFilterProp="label"
      onChange={go}
      value={null}
      style={{ width: mobile ? '100%' : 180 }}
    />
  );
  if (!mobile) return select;
  return (
    <>
      <Button type="text" aria-label={t('搜索菜单')} icon={<SearchOutlined />} onClick={() => setOpen(true)} />
      <Modal title={t('搜索菜单')} open={open} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {select}
      </Modal>
    </>
  );
}
