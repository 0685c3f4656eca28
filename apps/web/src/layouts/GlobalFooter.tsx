import { useBranding } from '../lib/branding';

/** The install's own footer line (系统设置), else the copyright of its name. */
export function GlobalFooter() {
  const { name, footer } = useBranding();
  return (
    <footer className="global-footer">
      <div>{footer ?? `Copyright © ${new Date().getFullYear()} ${name}`}</div>
    </footer>
  );
}
