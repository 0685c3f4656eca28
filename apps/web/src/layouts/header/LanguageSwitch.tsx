// 语言: the interface language, remembered in this browser; choosing one reloads the page in it.
import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { currentLocale, switchLocale, t, type Locale } from '../../lib/i18n';

const NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

export function LanguageSwitch() {
  const locale = currentLocale();
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: (Object.keys(NAMES) as Locale[]).map((key) => ({ key, label: NAMES[key] })),
        onClick: ({ key }) => switchLocale(key as Locale),
      }}
      placement="bottomRight"
    >
      <span className="header-action" role="button" tabIndex={0} aria-label={t('语言')}>
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
}
