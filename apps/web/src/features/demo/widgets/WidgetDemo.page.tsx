// 表单组件: every reusable widget of spec/02 on one page, grouped in tabs.
import { Tabs } from 'antd';
import CoreWidgetsSection from './sections/CoreWidgetsSection';
import DictWidgetsSection from './sections/DictWidgetsSection';
import EditorsSection from './sections/EditorsSection';
import PickersSection from './sections/PickersSection';
import { t } from '../../../lib/i18n';

export default function WidgetDemoPage() {
  return (
    <Tabs
      style={{ background: 'var(--ant-color-bg-container, #fff)', padding: '0 16px 16px' }}
      items={[
        { key: 'core', label: t('基础组件'), children: <CoreWidgetsSection /> },
        { key: 'dict', label: t('字典组件'), children: <DictWidgetsSection /> },
        { key: 'pickers', label: t('选择器'), children: <PickersSection /> },
        { key: 'editors', label: t('编辑器与小部件'), children: <EditorsSection /> },
      ]}
    />
  );
}
