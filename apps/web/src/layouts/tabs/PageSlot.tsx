// One routed page: resolved from the registry, loaded lazily, isolated by an error boundary.
import { Suspense } from 'react';
import { Spin } from 'antd';
import type { PageRoute } from '../../app/menu/buildRoutes';
import { resolvePage } from '../../app/menu/pageRegistry';
import { MissingPage } from '../../components/page/MissingPage';
import { PageErrorBoundary } from '../../components/page/PageErrorBoundary';

export function PageSlot({ route }: { route: PageRoute }) {
  // An embedded page: a menu url shown inside the layout.
  if (route.meta.url && !route.meta.internalOrExternal && !resolvePage(route.component)) {
    return <iframe title={route.meta.title} src={route.meta.url} style={{ width: '100%', height: 'calc(100vh - 220px)', border: 0 }} />;
  }
  const Page = resolvePage(route.component);
  if (!Page) return <MissingPage component={route.component} />;
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
