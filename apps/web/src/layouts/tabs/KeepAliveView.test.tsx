import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageRoute } from '../../app/menu/buildRoutes';
import { KeepAliveView } from './KeepAliveView';
import { closeTab, openTab, refreshTab, resetTabs } from './store';

const route = (path: string, component: string, keepAlive: boolean): PageRoute => ({
  path,
  component,
  hidden: false,
  isContainer: false,
  trail: [],
  children: [],
  meta: { title: component, keepAlive, componentName: keepAlive ? component.split('/').pop() : undefined },
});
const workplace = route('/dashboard/workplace', 'dashboard/Workplace', true);
const center = route('/account/center', 'account/Center', false);

// the workplace reads its figures through react-query: answered here from the cache, no server is asked
const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
client.setQueryData(['dashboard', 'workplace'], { unreadAnnouncements: 0, unreadMessages: 0, recent: [], study: null, teach: null });

function View({ r }: { r: PageRoute }) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <KeepAliveView fullPath={r.path} route={r} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => resetTabs());

describe('keep-alive view', () => {
  it('keeps a keepAlive page mounted while another shows, refresh remounts it, closing its tab releases it', async () => {
    const user = userEvent.setup();
    openTab({ fullPath: workplace.path, title: '工作台', keepAlive: true, componentName: 'Workplace' });
    const { rerender } = render(<View r={workplace} />);
    await user.type(await screen.findByRole('textbox', { name: '便签' }), '消防');

    rerender(<View r={center} />);
    expect(await screen.findByText('账号')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '便签', hidden: true })).not.toBeVisible();
    rerender(<View r={workplace} />);
    expect(screen.getByRole('textbox', { name: '便签' })).toHaveValue('消防');
    expect(screen.queryByText('账号')).not.toBeInTheDocument(); // not kept: unmounted

    act(() => refreshTab(workplace.path));
    expect(await screen.findByRole('textbox', { name: '便签' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: '便签' }), '再写');

    rerender(<View r={center} />);
    act(() => {
      closeTab(workplace.path);
    });
    expect(screen.queryByRole('textbox', { name: '便签', hidden: true })).not.toBeInTheDocument();
    rerender(<View r={workplace} />);
    expect(await screen.findByRole('textbox', { name: '便签' })).toHaveValue('');
  });
});
