import { appConfig } from '../lib/runtimeConfig';

export function GlobalFooter() {
  return (
    <footer className="global-footer">
      <a href="https://github.com/jeecgboot/JeecgBoot" target="_blank" rel="noopener noreferrer">
        JeecgBoot 开源低代码平台
      </a>
      <div>Copyright © {new Date().getFullYear()} {appConfig().title}</div>
    </footer>
  );
}
