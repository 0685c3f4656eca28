// Upload cell states (spec/02 §4) against a real local HTTP server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearLocalSession, setToken } from '../../lib/session/store';
import { envelope, startApiServer, type ApiServer } from '../../lib/testing/apiServer';
import { cellOf, renderGrid } from './testing';
import type { GridColumn } from './types';
import { settleUpload, shortFileName } from './upload';

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
afterEach(() => {
  api.seen.length = 0;
  clearLocalSession();
});

const file = (name = 'report-2024.pdf') => new File(['%PDF-1.4 hello'], name, { type: 'application/pdf' });
const fileInput = (cell: HTMLElement) => cell.querySelector('input[type="file"]') as HTMLInputElement;

describe('upload cell', () => {
  it('goes uploading (percent) -> done, storing the path from the response; token header only when asked', async () => {
    const user = userEvent.setup();
    setToken('tok-123');
    api.handle('POST', '/sys/common/upload', () => ({ body: envelope(null, 'temp/report_1.pdf'), delayMs: 300 }));
    const columns: GridColumn[] = [{ key: 'f', title: '附件', type: 'file' }];
    const { container, grid } = renderGrid({ columns, value: [{ id: 'a' }] });
    await user.upload(fileInput(cellOf(container, 0, 'f')), file());
    expect(await within(cellOf(container, 0, 'f')).findByText(/上传中 \d+%/)).toBeInTheDocument();
    expect(grid().getAll()[0].f).toBeUndefined(); // not uploaded until done
    await waitFor(() => expect(cellOf(container, 0, 'f').querySelector('[data-status="done"]')).not.toBeNull());
    expect(grid().getAll()[0].f).toBe('temp/report_1.pdf');
    expect(cellOf(container, 0, 'f')).toHaveTextContent(shortFileName('report-2024.pdf'));
    expect(api.seen[0].headers['x-access-token']).toBeUndefined();
    expect(String(api.seen[0].body)).toContain('name="biz"');
  });

  it('sends X-Access-Token when column.token is on and reads the path from responseName', async () => {
    const user = userEvent.setup();
    setToken('tok-123');
    api.handle('POST', '/sys/common/upload', () => ({ body: { success: true, message: 'ok', result: 'p/x.pdf' } }));
    const columns: GridColumn[] = [{ key: 'f', title: '附件', type: 'upload', token: true, responseName: 'result' }];
    const { container, grid } = renderGrid({ columns, value: [{ id: 'a' }] });
    await user.upload(fileInput(cellOf(container, 0, 'f')), file());
    await waitFor(() => expect(grid().getAll()[0].f).toBe('p/x.pdf'));
    expect(api.seen[0].headers['x-access-token']).toBe('tok-123');
  });

  it('success false turns done into error with the server message; remove clears it', async () => {
    const user = userEvent.setup();
    api.handle('POST', '/sys/common/upload', () => ({ body: envelope(null, '文件类型不允许', 500) }));
    const columns: GridColumn[] = [{ key: 'f', title: '附件', type: 'file' }];
    const { container, grid } = renderGrid({ columns, value: [{ id: 'a' }] });
    await user.upload(fileInput(cellOf(container, 0, 'f')), file());
    const cell = cellOf(container, 0, 'f');
    expect(await within(cell).findByText('上传失败')).toBeInTheDocument();
    expect(cell).toHaveTextContent('文件类型不允许');
    expect(grid().getAll()[0].f).toBe('');
    await user.click(within(cell).getByRole('button', { name: '删除文件' }));
    expect(within(cellOf(container, 0, 'f')).getByRole('button', { name: /上传文件/ })).toBeInTheDocument();
  });

  it('an unreadable or failed answer shows 未知错误', async () => {
    expect(settleUpload({ name: 'a', status: 'uploading', percent: 50 }, 502, '<html>bad gateway</html>')).toMatchObject({
      status: 'error',
      message: '未知错误',
    });
    const user = userEvent.setup();
    api.handle('POST', '/sys/common/upload', () => ({ status: 500, body: 'oops', contentType: 'text/plain' }));
    const { container } = renderGrid({ columns: [{ key: 'f', title: '附件', type: 'file' }], value: [{ id: 'a' }] });
    await user.upload(fileInput(cellOf(container, 0, 'f')), file());
    expect(await within(cellOf(container, 0, 'f')).findByText('上传失败')).toBeInTheDocument();
    expect(cellOf(container, 0, 'f')).toHaveTextContent('未知错误');
  });

  it('a stored path shows as done with download and remove unless the column forbids them', async () => {
    const columns: GridColumn[] = [
      { key: 'a', title: '可下载', type: 'file' },
      { key: 'b', title: '不可下载', type: 'file', allowDownload: false, allowRemove: false },
    ];
    const { container } = renderGrid({ columns, value: [{ id: 'r', a: 'temp/x.pdf', b: 'temp/y.pdf' }] });
    setToken('tok-dl');
    api.handle('GET', '/sys/common/static/temp/x.pdf', () => ({ body: '%PDF-1.4', contentType: 'application/octet-stream' }));
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    HTMLAnchorElement.prototype.click = () => {}; // jsdom cannot navigate to a download
    await userEvent.setup().click(within(cellOf(container, 0, 'a')).getByRole('button', { name: '下载文件' }));
    // downloads go through the http client, so the token travels in the header
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/common/static/temp/x.pdf')?.headers['x-access-token']).toBe('tok-dl'));
    expect(within(cellOf(container, 0, 'a')).getByRole('button', { name: '删除文件' })).toBeInTheDocument();
    expect(within(cellOf(container, 0, 'b')).queryByRole('button', { name: '下载文件' })).toBeNull();
    expect(within(cellOf(container, 0, 'b')).queryByRole('button', { name: '删除文件' })).toBeNull();
    expect(screen.getAllByText('x.pdf')).toHaveLength(1);
  });
});
