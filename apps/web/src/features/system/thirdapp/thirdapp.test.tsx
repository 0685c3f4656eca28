import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { button, dialog, okOf } from '../../../components/pickers/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import BindingSettingsPage from '../../account/settings/Binding.page';
import ThirdAppListPage from './ThirdAppList.page';

// 第三方登录配置 and 账号绑定 against the real server (issue 16). The provider's sign-in itself runs in
// the server test and the browser test, against a real OpenID provider.
configure({ asyncUtilTimeout: 10_000 });
const api = useRealApi();
const ALL_CODES = ['list', 'add', 'edit', 'delete'].map((a) => `system:thirdApp:${a}`);

const row = (text: string) => screen.getAllByText(text).map((e) => e.closest('tr')).find(Boolean)!;
const field = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'label' }).closest('.ant-form-item')!.querySelector('input, textarea') as HTMLInputElement;
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(field(scope, label), { target: { value } });

describe('第三方登录配置 and 账号绑定 (real server)', () => {
  it('adds a provider whose secret is never shown again, and keeps it when an edit leaves it blank', async () => {
    api.signIn(ALL_CODES);
    renderWithProviders(
      <MemoryRouter>
        <ThirdAppListPage />
      </MemoryRouter>,
    );
    fireEvent.click(button(await screen.findByText('新增').then((e) => e.closest('.ant-card') as HTMLElement), '新增'));
    const form = await waitFor(() => dialog('新增第三方登录配置'));
    type(form, '名称', '学校统一身份认证');
    type(form, '标识', 'School-SSO');
    type(form, '颁发者地址', 'http://127.0.0.1:1/realms/main');
    type(form, '客户端ID', 'anxue');
    type(form, '客户端密钥', 'Very-Secret-1');
    fireEvent.click(okOf(form));
    expect(await within(form).findByText('标识须以小写字母开头，只含小写字母、数字和下划线，2到32位')).toBeInTheDocument();
    type(form, '标识', 'school_sso');
    fireEvent.click(okOf(form));

    const added = await waitFor(() => row('学校统一身份认证'));
    expect(within(added).getByText('已设置')).toBeInTheDocument();
    expect(within(added).getByText(/\/sys\/thirdLogin\/callback\/school_sso$/)).toBeInTheDocument();
    expect(screen.queryByText('Very-Secret-1')).not.toBeInTheDocument();

    fireEvent.click(within(added).getByText('编辑'));
    const edit = await waitFor(() => dialog('编辑第三方登录配置'));
    await waitFor(() => expect(field(edit, '名称')).toHaveValue('学校统一身份认证'));
    expect(field(edit, '客户端密钥')).toHaveValue('');
    type(edit, '名称', '统一身份认证');
    fireEvent.click(okOf(edit));
    await waitFor(() => expect(row('统一身份认证')).toBeTruthy());
    const sent = api.seen.find((s) => s.path === '/sys/thirdApp/config/edit')!.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('clientSecret');
    const after = await api.call('GET', '/sys/thirdApp/config/list?thirdType=school_sso');
    expect(after.result.records[0]).toMatchObject({ name: '统一身份认证', clientSecret: '******' });
  }, 60_000);

  it('lists the providers to bind, and says so when the provider cannot be reached', async () => {
    api.signIn([]);
    renderWithProviders(
      <MemoryRouter initialEntries={['/account/settings/binding']}>
        <BindingSettingsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('统一身份认证')).toBeInTheDocument();
    expect(screen.getByText('未绑定：绑定后可在登录页用此方式登录')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /绑\s*定/ }));
    // nothing listens at the issuer: the server's own words come back, and the page stays
    expect(await screen.findByText('无法连接第三方登录服务“统一身份认证”，请稍后再试或联系管理员')).toBeInTheDocument();
  }, 30_000);
});
