import { Result } from 'antd';

/** A menu names a component no page file provides. */
export function MissingPage({ component }: { component: string }) {
  return <Result status="warning" title="页面不存在" subTitle={`菜单组件「${component || '（空）'}」没有对应的页面文件（features/${component}.page.tsx）。`} />;
}
