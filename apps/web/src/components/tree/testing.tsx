// Test rendering with what pages get from the layout: antd in Chinese and a fresh query client.
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AntdProvider } from '../antd/AntdProvider';
import { setPermissions } from '../../lib/session/store';

// antd pages in jsdom are slow, more so on a busy machine: give findBy/waitFor room before failing.
configure({ asyncUtilTimeout: 5000 });

export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntdProvider>{ui}</AntdProvider>
    </QueryClientProvider>,
  );
}

/** Signs the test user in with exactly these button codes. */
export function grantButtons(codes: string[]) {
  setPermissions({ menu: [], auth: codes.map((action) => ({ action, type: '1' })), allAuth: codes.map((action) => ({ action, type: '1', status: '1' })) });
}
