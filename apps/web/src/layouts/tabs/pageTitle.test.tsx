// A page that names itself (a generated online form opened through the generic Online表单 route) shows
// that name on its tab instead of the menu's.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPageTitle, usePageTitle } from '../../lib/pageTitle';
import { MultiTab } from './MultiTab';
import { openTab, resetTabs } from './store';

function NamedPage() {
  usePageTitle('图书');
  return null;
}

beforeEach(() => resetTabs());

describe('page titles on tabs', () => {
  it('shows the name a page gave itself, and the menu title for the others', async () => {
    openTab({ fullPath: '/online/cgformList/abc', title: 'Online表单' }, true);
    openTab({ fullPath: '/system/user', title: '用户管理' }, true);
    render(
      <MemoryRouter initialEntries={['/online/cgformList/abc']}>
        <NamedPage />
        <MultiTab />
      </MemoryRouter>,
    );
    expect(await screen.findByText('图书')).toBeInTheDocument();
    expect(screen.queryByText('Online表单')).not.toBeInTheDocument();
    expect(screen.getByText('用户管理')).toBeInTheDocument();
    act(() => setPageTitle('/system/user?tab=1', '人员'));
    expect(screen.getByText('人员')).toBeInTheDocument();
  });
});
