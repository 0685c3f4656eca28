// Toolbar: 新增 (with count/position settings kept locally), 删除, 上移/下移, and a collapse toggle.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, InputNumber, Popover, Space } from 'antd';
import { memo, useMemo, useState } from 'react';
import { message } from '../../lib/antd/static';
import type { GridController } from './controller';
import {
  INSERT_TOO_FAST_MESSAGE,
  addIndex,
  clampAddSettings,
  createInsertGuard,
  loadAddSettings,
  saveAddSettings,
  type ToolbarPermissions,
} from './toolbarRules';
import { t } from '../../lib/i18n';

export interface ToolbarOptions {
  add?: boolean;
  remove?: boolean;
  move?: boolean;
  /** The 新增 settings (count and position). */
  addSettings?: boolean;
  collapse?: boolean;
}

interface ToolbarProps {
  controller: GridController;
  options: ToolbarOptions;
  permissions: ToolbarPermissions;
  selectedCount: number;
  rowCount: number;
}

/** Memoised: the grid re-renders on every scroll step, the toolbar only when its props change. */
export const Toolbar = memo(function Toolbar({ controller, options, permissions, selectedCount, rowCount }: ToolbarProps) {
  const [collapsed, setCollapsed] = useState(false);
  const [settings, setSettings] = useState(loadAddSettings);
  const allowInsert = useMemo(() => createInsertGuard(), []);
  const showAdd = options.add !== false && permissions.canAdd;
  // Excluding batch_delete also hides remove (spec/02 §6).
  const showRemove = options.remove !== false && permissions.canBatchDelete;

  const add = () => {
    if (!allowInsert()) {
      void message.warning(t(INSERT_TOO_FAST_MESSAGE));
      return;
    }
    const s = clampAddSettings(settings, rowCount);
    controller.addRows(undefined, { count: s.count, index: addIndex(s, rowCount) });
  };
  const remove = () => {
    if (!selectedCount) {
      void message.warning(t('请选择一条记录！'));
      return;
    }
    controller.removeSelected();
  };
  const move = (delta: -1 | 1) => {
    const ids = controller.getSelection().ids;
    if (ids.length !== 1) {
      void message.warning(t('请选择一条记录！'));
      return;
    }
    if (delta < 0) controller.moveUp(ids[0]);
    else controller.moveDown(ids[0]);
  };

  const settingsPanel = (
    <Space direction="vertical" size="small">
      <label className="eg-setting">
        <span>{t('新增行数')}</span>
        <InputNumber
          aria-label={t('新增行数')}
          size="small"
          min={1}
          precision={0}
          value={settings.count}
          onChange={(v) => setSettings((s) => clampAddSettings({ ...s, count: v ?? 1 }, rowCount))}
        />
      </label>
      <label className="eg-setting">
        <span>{t('新增位置')}</span>
        <InputNumber
          aria-label={t('新增位置')}
          size="small"
          min={0}
          max={rowCount}
          precision={0}
          value={settings.position}
          onChange={(v) => setSettings((s) => clampAddSettings({ ...s, position: v ?? 0 }, rowCount))}
        />
      </label>
      <span className="eg-hint">{t('位置为 0 时添加到末尾')}</span>
      <Button
        size="small"
        type="primary"
        onClick={() => {
          saveAddSettings(clampAddSettings(settings, rowCount));
          void message.success(t('保存成功'));
        }}
      >
        {t('保存')}
      </Button>
    </Space>
  );

  return (
    <div className="eg-toolbar" role="toolbar" aria-label={t('表格工具栏')}>
      {!collapsed ? (
        <Space wrap size="small">
          {showAdd ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={add}>
              {t('新增')}
            </Button>
          ) : null}
          {showAdd && options.addSettings !== false ? (
            <Popover trigger="click" title={t('新增设置')} content={settingsPanel}>
              <Button icon={<SettingOutlined />} aria-label={t('新增设置')} />
            </Popover>
          ) : null}
          {showRemove ? (
            <Button danger icon={<DeleteOutlined />} onClick={remove}>
              {t('删除')}
            </Button>
          ) : null}
          {options.move ? (
            <>
              <Button icon={<ArrowUpOutlined />} onClick={() => move(-1)}>
                {t('上移')}
              </Button>
              <Button icon={<ArrowDownOutlined />} onClick={() => move(1)}>
                {t('下移')}
              </Button>
            </>
          ) : null}
          {selectedCount ? <span className="eg-selected-count">{t('已选择')} {selectedCount} {t('项')}</span> : null}
        </Space>
      ) : null}
      {options.collapse !== false ? (
        <Button type="link" size="small" onClick={() => setCollapsed((c) => !c)} aria-expanded={!collapsed}>
          {collapsed ? t('展开') : t('收起')}
        </Button>
      ) : null}
    </div>
  );
});
