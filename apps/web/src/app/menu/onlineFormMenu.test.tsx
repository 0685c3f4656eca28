// A menu whose component names one online form (the original's `online/cgformList/<code>`) opens that
// form's generated page whatever its url: checked on the real server with a synced form and its rows.
import { Suspense } from 'react';
import { configure, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/tree/testing';
import { useRealApi } from '../../features/students/backoffice/testing/realApi';
import { hasPage, onlineFormCode, resolvePage } from './pageRegistry';
import { defineSyncedForm, formField } from '../../features/online/cgform/testing';

configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

describe('menus pointing at an online form by its code', () => {
  it('knows the component paths of one form and nothing near them', () => {
    for (const c of ['online/cgformList/demo_menu_form', 'super/online/cgformList/9f1c2e', 'online/cgformTreeList/demo_tree', 'super/online/cgformTreeList/a-b_$1']) {
      expect(hasPage(c), c).toBe(true);
    }
    expect(onlineFormCode('super/online/cgformList/9f1c2e')).toBe('9f1c2e');
    for (const c of ['online/cgformList/', 'online/cgformList/a/b', 'online/cgformErpList/x', 'x/online/cgformList/y', 'online/cgformList/a b']) {
      expect(hasPage(c), c).toBe(false);
      expect(resolvePage(c), c).toBeUndefined();
    }
    // one lazy page per code, the same on every call
    expect(resolvePage('online/cgformList/a')).toBe(resolvePage('online/cgformList/a'));
    expect(resolvePage('online/cgformList/a')).not.toBe(resolvePage('online/cgformList/b'));
  });

  it('opens the generated page of the form the component names, at a url of the menu’s own', async () => {
    const id = await defineSyncedForm(api, { tableName: 'demo_menu_form', tableTxt: '菜单表单', tableType: 1 }, [formField('id', '主键'), formField('title', '标题')]);
    expect((await api.call('POST', `/online/cgform/api/form/${id}?tabletype=1`, { title: '第一条' })).success).toBe(true);

    api.signIn(['list', 'add'].map((a) => `online:form:demo_menu_form:${a}`));
    const Page = resolvePage('online/cgformList/demo_menu_form')!;
    renderWithProviders(
      <MemoryRouter initialEntries={['/my/requests']}>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </MemoryRouter>,
    );
    expect(await screen.findByText('第一条')).toBeInTheDocument();
    expect(screen.getAllByText('标题').length).toBeGreaterThan(0);
    expect(api.seen.some((s) => s.path === '/online/cgform/api/getColumns/demo_menu_form')).toBe(true);
  }, 60_000);
});
