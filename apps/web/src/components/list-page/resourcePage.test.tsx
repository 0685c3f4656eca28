import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formRules } from '../../lib/formRules';
import { envelope, usePageApiServer } from '../../lib/testing/apiServer';
import { grantButtons } from '../tree/testing';
import { ResourcePage, resourceApi } from './ResourcePage';
import type { ListColumn } from './useListColumns';

configure({ asyncUtilTimeout: 5000 });
const api = usePageApiServer();

interface Gadget {
  id: string;
  title: string;
  level?: string;
  level_dictText?: string;
  published?: number;
  openTime?: string | null;
  sortNo?: number;
}

const COLUMNS: ListColumn<Gadget>[] = [
  { title: '名称', dataIndex: 'title' },
  { title: '级别', dataIndex: 'level', dict: true },
];

function GadgetPage({ onRing }: { onRing?: (g: Gadget) => void }) {
  return (
    <ResourcePage<Gadget>
      title="器具"
      permission="test:gadget"
      api={resourceApi('/test/gadget')}
      columns={COLUMNS}
      query={[
        { name: 'title', label: '名称', rule: 'like' },
        { name: 'level', label: '级别', widget: 'dict', dictCode: 'gadget_level' },
      ]}
      form={[
        { name: 'title', label: '名称', widget: 'input', rules: formRules.required('名称', { max: 20 }) },
        { name: 'level', label: '级别', widget: 'dict', dictCode: 'gadget_level' },
        { name: 'published', label: '发布', widget: 'switch', initialValue: 0 },
        { name: 'openTime', label: '开放时间', widget: 'datetime' },
        { name: 'sortNo', label: '排序', widget: 'number', initialValue: 0 },
        { name: 'note', label: '备注', widget: 'textarea', visible: (v) => v.published === 1 },
      ]}
      rowActions={(row) => [{ key: 'ring', label: '响铃', permission: 'test:gadget:ring', onClick: () => onRing?.(row) }]}
    />
  );
}

const page = (records: Gadget[]) => envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });

function serve(rows: Gadget[]) {
  api.handle('GET', '/test/gadget/list', () => ({ body: page(rows) }));
  api.handle('GET', '/sys/dict/getDictItems/gadget_level', () => ({ body: envelope([{ value: '1', text: '初级' }, { value: '2', text: '高级' }]) }));
}

describe('ResourcePage (a page described by its fields)', () => {
  it('lists rows with dictionary texts, sends text queries as contains, and shows only the buttons and links the user holds', async () => {
    grantButtons(['test:gadget:add', 'test:gadget:delete', 'test:gadget:ring']);
    serve([{ id: 'g1', title: '灭火器', level: '2', level_dictText: '高级' }]);
    const rung: Gadget[] = [];
    render(<GadgetPage onRing={(g) => rung.push(g)} />);
    expect(await screen.findByText('灭火器')).toBeInTheDocument();
    expect(screen.getByText('高级')).toBeInTheDocument();
    expect(screen.getByText(/^新\s*增$/)).toBeInTheDocument();
    expect(screen.queryByText(/^导\s*出$/)).not.toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
    expect(screen.getByText('删除')).toBeInTheDocument();
    fireEvent.click(screen.getByText('响铃'));
    expect(rung.map((g) => g.id)).toEqual(['g1']);

    // the first is the query form's (the modal's form is rendered hidden)
    fireEvent.change(screen.getAllByPlaceholderText('请输入名称')[0], { target: { value: '灭火' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.seen.filter((s) => s.path === '/test/gadget/list').at(-1)!.query.get('title')).toBe('*灭火*'));
  }, 60_000);

  it('adds a record: required rules first, switch stored as 1, a field shown only when another says so', async () => {
    grantButtons(['test:gadget:add']);
    serve([]);
    api.handle('POST', '/test/gadget/add', () => ({ body: envelope(null, '添加成功！') }));
    render(<GadgetPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增器具')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入名称!')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: '安全帽' } });
    expect(within(dialog).queryByPlaceholderText('请输入备注')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.change(await within(dialog).findByPlaceholderText('请输入备注'), { target: { value: '新到' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/test/gadget/add')!.body).toMatchObject({ title: '安全帽', published: 1, sortNo: 0, note: '新到' });
  }, 60_000);

  it('asks before a dialog with unsaved input closes; an untouched one closes at once', async () => {
    grantButtons(['test:gadget:add']);
    serve([]);
    render(<GadgetPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /关\s*闭/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByText(/^新\s*增$/));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: '半截' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /关\s*闭/ }));
    expect(await screen.findByText('放弃未保存的修改？', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '继续编辑' }));
    // still open, with what was typed
    await waitFor(() => expect(screen.queryByText('放弃未保存的修改？', { selector: '.ant-modal-confirm-title' })).not.toBeInTheDocument());
    // the confirm's own layer goes a moment after its text; until then the form is not the dialog on top
    await waitFor(() => expect([...document.querySelectorAll('.ant-modal-wrap')].filter((e) => getComputedStyle(e).display !== 'none')).toHaveLength(1));
    expect(within(dialog).getByPlaceholderText('请输入名称')).toHaveValue('半截');
    fireEvent.click(within(dialog).getByRole('button', { name: /关\s*闭/ }));
    // the question first (a cheap text query), then its button: role queries over two dialogs are slow in jsdom
    expect(await screen.findByText('放弃未保存的修改？', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 60_000);

  it('edits the record read by queryById: stored flags and times come back unchanged with the id', async () => {
    grantButtons(['test:gadget:edit']);
    serve([{ id: 'g1', title: '灭火器', published: 1 }]);
    api.handle('GET', '/test/gadget/queryById', (req) => ({
      body: envelope({ id: req.query.get('id'), title: '灭火器(全)', level: '1', published: 1, openTime: '2026-03-01 08:00:00', sortNo: 3 }),
    }));
    api.handle('PUT', '/test/gadget/edit', () => ({ body: envelope(null, '编辑成功!') }));
    render(<GadgetPage />);
    fireEvent.click(await screen.findByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('灭火器(全)')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('2026-03-01 08:00:00')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch')).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/test/gadget/edit')).toBeDefined());
    expect(api.seen.find((s) => s.path === '/test/gadget/edit')!.body).toMatchObject({ id: 'g1', title: '灭火器(全)', level: '1', published: 1, openTime: '2026-03-01 08:00:00', sortNo: 3 });
  }, 60_000);
});
