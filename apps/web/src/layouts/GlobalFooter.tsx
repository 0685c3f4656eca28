import { appConfig } from '../lib/runtimeConfig';
import { t } from '../lib/i18n';

export function GlobalFooter() {
  return (
    <footer className="global-footer">
      <a href="https://github.com/jeecgboot/JeecgBoot" target="_blank" rel="noopener noreferrer">
        JeecgBoot {t('开源低代码平台')}
      </a>
      <div>Copyright © {new Date().getFullYear()} {t(appConfig().title)}</div>
    </footer>
  );
}
