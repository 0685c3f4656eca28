import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setReloader } from '../../lib/navigation';
import { clearLocalSession, setToken, useSession } from '../../lib/session/store';
import { envelope, startApiServer, type ApiServer } from '../../lib/testing/apiServer';
import { ChangePasswordModal } from './ChangePasswordModal';
import { DepartSwitchModal } from './DepartSwitchModal';
import { DetailsModal } from './DetailsModal';

let api: ApiServer;
let reloads = 0;
beforeAll(async () => {
  api = await startApiServer();
  setReloader(() => reloads++);
});
afterAll(() => api.close());
afterEach(() => {
  clearLocalSession();
  api.seen.length = 0;
  reloads = 0;
});

const ok = () => screen.getByRole('button', { name: /确\s*定/ });

describe('change-password dialog', () => {
  it('shows the required messages, the length rule and the mismatch message', async () => {
    const user = userEvent.setup();
    render(<ChangePasswordModal open username="admin" onClose={() => {}} />);
    await user.click(ok());
    // antd shows each field's message as its own check settles, not all at once
    expect(await screen.findByText('请输入旧密码!')).toBeInTheDocument();
    expect(await screen.findByText('请输入新密码!')).toBeInTheDocument();
    expect(await screen.findByText('请确认新密码!')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入新密码'), 'short');
    await user.type(screen.getByPlaceholderText('请确认新密码'), 'other');
    await user.click(ok());
    expect(await screen.findByText('密码至少8位')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的密码不一样！')).toBeInTheDocument();
    expect(api.seen).toHaveLength(0);
  });

  it('posts the change; a refusal shows in the dialog; success logs out', async () => {
    const user = userEvent.setup();
    setToken('tk');
    let accept = false;
    api.handle('POST', '/sys/user/updatePassword', () =>
      accept ? { body: envelope(null, '密码修改成功！') } : { status: 400, body: envelope(null, '旧密码输入错误', 500) },
    );
    api.handle('POST', '/sys/logout', () => ({ body: envelope(null, '退出登录成功！') }));
    const onClose = vi.fn();
    render(<ChangePasswordModal open username="admin" onClose={onClose} />);
    await user.type(screen.getByPlaceholderText('请输入旧密码'), 'wrong-old');
    await user.type(screen.getByPlaceholderText('请输入新密码'), 'new-pass-123');
    await user.type(screen.getByPlaceholderText('请确认新密码'), 'new-pass-123');
    await user.click(ok());
    expect(await screen.findByText('旧密码输入错误')).toBeInTheDocument();
    expect(api.seen[0].body).toEqual({ username: 'admin', oldpassword: 'wrong-old', password: 'new-pass-123', confirmpassword: 'new-pass-123' });
    accept = true;
    await user.click(ok());
    await waitFor(() => expect(reloads).toBe(1));
    expect(onClose).toHaveBeenCalled();
    expect(useSession.getState().token).toBe('');
  }, 60_000);
});

describe('department switch dialog', () => {
  it('with no departments warns 您尚未设置部门信息! and closes', async () => {
    api.handle('GET', '/sys/user/getCurrentUserDeparts', () => ({ body: envelope({ list: [], orgCode: null }) }));
    const onClose = vi.fn();
    render(<DepartSwitchModal open username="admin" onClose={onClose} />);
    expect(await screen.findByText('您尚未设置部门信息!')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText('切换部门')).not.toBeInTheDocument();
  });

  it('preselects the current department, requires a choice, stores the returned user info', async () => {
    const user = userEvent.setup();
    api.handle('GET', '/sys/user/getCurrentUserDeparts', () => ({
      body: envelope({
        list: [
          { id: '1', orgCode: 'A01', departName: '总公司' },
          { id: '2', orgCode: 'A01A01', departName: '研发部' },
        ],
        orgCode: 'A01',
      }),
    }));
    api.handle('POST', '/sys/selectDepart', (req) => ({
      body: envelope({ userInfo: { id: 'u', username: 'admin', realname: '管理员', orgCode: (req.body as { orgCode: string }).orgCode } }),
    }));
    const onClose = vi.fn();
    const { container } = render(<DepartSwitchModal open username="admin" onClose={onClose} />);
    expect(await screen.findByText('总公司')).toBeInTheDocument();
    // clearing the choice and confirming marks the field as an error
    const clear = document.querySelector('.ant-select-clear') as HTMLElement;
    await user.hover(document.querySelector('.ant-select') as HTMLElement);
    await user.click(clear);
    await user.click(ok());
    expect(await screen.findByText('请选择登录部门', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(document.querySelector('.ant-form-item-has-error')).not.toBeNull();
    await user.click(screen.getByRole('combobox', { name: '部门' }));
    await user.click(await screen.findByTitle('研发部'));
    await user.click(ok());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.seen.find((s) => s.path === '/sys/selectDepart')?.body).toEqual({ orgCode: 'A01A01', username: 'admin' });
    expect(useSession.getState().info?.orgCode).toBe('A01A01');
    expect(localStorage.getItem('Login_Userinfo')).toContain('A01A01');
    void container;
  });
});

describe('details dialog', () => {
  it('closes only when the callback reports success', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    let result = false;
    render(
      <MemoryRouter>
        <DetailsModal open onClose={onClose} onOk={async () => result}>
          内容
        </DetailsModal>
      </MemoryRouter>,
    );
    expect(screen.getByText('详细信息')).toBeInTheDocument();
    await user.click(ok());
    expect(onClose).not.toHaveBeenCalled();
    result = true;
    await user.click(ok());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
