import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { button, dialog, okOf } from '../../../components/pickers/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import DataSourceListPage from './DataSourceList.page';

// 多数据源管理 against the real server. On SQLite the source is a file placed in DATA_DIR/datasource (the
// server's own database is refused); on PostgreSQL (TEST_DATABASE_URL) it is the test database, which the
// test server's configuration does not name as its own. The operator's switch lets sources reach 127.0.0.1.
configure({ asyncUtilTimeout: 10_000 });
const api = useRealApi({ env: { DATASOURCE_PRIVATE_HOSTS: 'on' } });
const PG_URL = process.env.TEST_DATABASE_URL;
const ALL_CODES = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls'].map((a) => `system:datasource:${a}`);

const row = (text: string) => screen.getAllByText(text).map((e) => e.closest('tr')).find(Boolean)!;
/** The control of a form item by its label (the query form and the dialog share field ids). */
const field = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'label' }).closest('.ant-form-item')!.querySelector('input, textarea') as HTMLInputElement;
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(field(scope, label), { target: { value } });

async function chooseType(scope: HTMLElement, label: string) {
  const select = field(scope, '数据库类型').closest('.ant-select')!;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
  const option = (await screen.findAllByTitle(label)).find((e) => e.classList.contains('ant-select-item-option'))!;
  fireEvent.click(option);
}

function render() {
  renderWithProviders(
    <MemoryRouter>
      <DataSourceListPage />
    </MemoryRouter>,
  );
}

describe('多数据源管理 page (real server)', () => {
  it('adds a source after a successful 测试连接, and shows the clear failure of an unreachable one', async () => {
    api.signIn(ALL_CODES);
    render();
    fireEvent.click(button(await screen.findByText('新增').then((e) => e.closest('.ant-card') as HTMLElement), '新增'));
    const form = await waitFor(() => dialog('新增数据源'));
    type(form, '数据源编码', 'report_db');
    type(form, '数据源名称', '报表库');

    // nothing listens on port 1: the server's one neutral answer for any unreachable server comes back under the button
    type(form, '数据源地址', 'postgresql://127.0.0.1:1/nodb');
    type(form, '用户名', 'nobody');
    fireEvent.click(button(form, '测试连接'));
    expect(await within(form).findByText('连接失败：无法连接到数据库服务器')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/online/cgreport/api/testConnection')?.body).toMatchObject({ dbType: 'postgresql', dbUrl: 'postgresql://127.0.0.1:1/nodb', dbUsername: 'nobody' });

    if (PG_URL) {
      const u = new URL(PG_URL);
      type(form, '数据源地址', `postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`);
      type(form, '用户名', decodeURIComponent(u.username));
      type(form, '密码', decodeURIComponent(u.password));
    } else {
      mkdirSync(join(api.dataDir(), 'datasource'), { recursive: true });
      writeFileSync(join(api.dataDir(), 'datasource', 'reports.db'), ''); // an empty file is an empty SQLite database
      await chooseType(form, 'SQLite');
      type(form, '数据源地址', 'reports.db');
    }
    // the earlier failure belongs to other values and is gone
    await waitFor(() => expect(within(form).queryByText(/连接失败/)).not.toBeInTheDocument());
    fireEvent.click(button(form, '测试连接'));
    expect(await within(form).findByText('数据库连接成功')).toBeInTheDocument();

    fireEvent.click(okOf(form));
    const added = await waitFor(() => row('report_db'));
    expect(within(added).getByText('报表库')).toBeInTheDocument();
    expect(within(added).getByText(PG_URL ? 'PostgreSQL' : 'SQLite')).toBeInTheDocument();
    const stored = await api.call('GET', '/sys/dataSource/list?code=report_db');
    expect(stored.result.records[0]).toMatchObject({ name: '报表库', dbType: PG_URL ? 'postgresql' : 'sqlite' });
  }, 60_000);

  it('keeps the stored password when the edit form leaves it blank, and tests with it', async () => {
    expect(
      (await api.call('POST', '/sys/dataSource/add', { code: 'pg_far', name: '远程库', dbType: 'postgresql', dbUrl: 'postgresql://127.0.0.1:1/far', dbUsername: 'reader', dbPassword: 'S3cret-pass!' })).success,
    ).toBe(true);
    api.signIn(ALL_CODES);
    render();
    const r = await waitFor(() => row('pg_far'));
    expect(within(r).getByText('已设置')).toBeInTheDocument();
    expect(screen.queryByText('S3cret-pass!')).not.toBeInTheDocument();
    fireEvent.click(within(r).getByText('编辑'));
    const form = await waitFor(() => dialog('编辑数据源'));
    await waitFor(() => expect(field(form, '数据源名称')).toHaveValue('远程库'));
    expect(field(form, '密码')).toHaveValue('');

    // the test call carries the row's id and no password, so the server uses the stored one
    fireEvent.click(button(form, '测试连接'));
    expect(await within(form).findByText('连接失败：无法连接到数据库服务器')).toBeInTheDocument();
    const tested = api.seen.find((s) => s.path === '/online/cgreport/api/testConnection')!.body as Record<string, unknown>;
    expect(tested.id).toBeTruthy();
    expect(tested.dbPassword ?? '').toBe('');

    type(form, '数据源名称', '远程报表库');
    fireEvent.click(okOf(form));
    await waitFor(() => expect(row('远程报表库')).toBeTruthy());
    const edit = api.seen.find((s) => s.path === '/sys/dataSource/edit')!.body as Record<string, unknown>;
    expect(edit).not.toHaveProperty('dbPassword');
    const after = await api.call('GET', `/sys/dataSource/queryById?id=${String(tested.id)}`);
    expect(after.result).toMatchObject({ name: '远程报表库', dbPassword: '******' });
  }, 60_000);

  it('shows only the list to a user without the add, edit and delete codes', async () => {
    api.signIn(['system:datasource:list']);
    render();
    const r = await waitFor(() => row('pg_far'));
    expect(within(r).queryByText('编辑')).not.toBeInTheDocument();
    expect(within(r).queryByText('删除')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  }, 30_000);
});
