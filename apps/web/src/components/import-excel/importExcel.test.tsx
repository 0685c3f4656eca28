import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetErrorState } from '../../lib/http/errors';
import { clearLocalSession, setToken } from '../../lib/session/store';
import { envelope, startApiServer, type ApiServer } from '../../lib/testing/apiServer';
import { ImportExcelModal } from './ImportExcelModal';

// antd renders slowly in jsdom on a busy machine: give async queries more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

let api: ApiServer;
const saved: string[] = [];

beforeAll(async () => {
  api = await startApiServer();
  // jsdom has no object URLs; record what would be saved instead.
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    saved.push(this.download);
  };
});
afterAll(() => api.close());
afterEach(async () => {
  await resetErrorState();
  clearLocalSession();
  api.seen.length = 0;
  saved.length = 0;
});

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const uploadButton = () => screen.getByText(/开始上传/).closest('button')!;
const choose = (name: string) => fireEvent.change(fileInput(), { target: { files: [new File(['x'], name)] } });

function renderModal() {
  const onSuccess = vi.fn();
  const onClose = vi.fn();
  render(<ImportExcelModal open url="/sys/position/importExcel" onClose={onClose} onSuccess={onSuccess} />);
  return { onSuccess, onClose };
}

describe('ImportExcelModal', () => {
  it('is titled 导入EXCEL, accepts .xls/.xlsx only and keeps upload disabled without a file', async () => {
    renderModal();
    expect(screen.getByText('导入EXCEL')).toBeInTheDocument();
    expect(fileInput().accept).toBe('.xls,.xlsx');
    expect(uploadButton()).toBeDisabled();
    choose('notes.txt');
    expect(await screen.findByText('只能上传.xls或.xlsx格式的文件')).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    choose('职务.xlsx');
    expect(await screen.findByText('职务.xlsx')).toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });

  it('posts files[] with the token; success shows the message and calls onSuccess', async () => {
    setToken('tok-imp');
    api.handle('POST', '/sys/position/importExcel', () => ({ body: envelope(null, '文件导入成功！数据行数：2') }));
    const { onSuccess, onClose } = renderModal();
    choose('职务.xls');
    fireEvent.click(uploadButton());
    expect(await screen.findByText('文件导入成功！数据行数：2')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
    const req = api.seen.find((s) => s.path === '/sys/position/importExcel')!;
    expect(req.headers['x-access-token']).toBe('tok-imp');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(req.body)).toContain('name="files[]"; filename="职务.xls"');
  });

  it('code 201 opens the 导入成功,但是有错误数据! warning whose link downloads the error file', async () => {
    setToken('tok-imp');
    api.handle('POST', '/sys/position/importExcel', () => ({
      body: { success: true, code: 201, message: '部分导入', timestamp: 1, result: { msg: '总上传行数：3，已导入行数：2，错误行数：1', fileUrl: 'import-errors/err_1.xlsx', fileName: 'err_1.xlsx' } },
    }));
    api.handle('GET', '/sys/common/static/import-errors/err_1.xlsx', () => ({ body: 'PK-bytes', contentType: 'application/octet-stream' }));
    const { onSuccess } = renderModal();
    choose('职务.xlsx');
    fireEvent.click(uploadButton());
    expect(await screen.findByText('导入成功,但是有错误数据!', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(screen.getByText('总上传行数：3，已导入行数：2，错误行数：1')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalled();
    fireEvent.click(screen.getByText('点击下载'));
    await waitFor(() => expect(saved).toEqual(['err_1.xlsx']));
    expect(api.seen.find((s) => s.path.startsWith('/sys/common/static/'))!.headers['x-access-token']).toBe('tok-imp');
  });

  it('an import that wrote nothing says 导入失败 with its counts and still offers the error file', async () => {
    api.handle('POST', '/sys/position/importExcel', () => ({
      body: { success: false, code: 500, message: '导入失败：文件导入完成，共2行，成功0行，失败2行', timestamp: 1, result: { msg: '总上传行数：2，已导入行数：0，错误行数：2', fileUrl: 'import-errors/err_2.xlsx', fileName: 'err_2.xlsx' } },
    }));
    const { onSuccess } = renderModal();
    choose('职务.xlsx');
    fireEvent.click(uploadButton());
    expect(await screen.findByText('导入失败：文件导入完成，共2行，成功0行，失败2行', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(screen.getByText('总上传行数：2，已导入行数：0，错误行数：2')).toBeInTheDocument();
    expect(screen.getByText('点击下载')).toBeInTheDocument();
    expect(screen.queryByText(/导入成功/)).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('failure shows the file name and the server message as a warning', async () => {
    api.handle('POST', '/sys/position/importExcel', () => ({ status: 500, body: envelope(null, '文件导入失败:表头不匹配', 500) }));
    const { onSuccess } = renderModal();
    choose('坏文件.xlsx');
    fireEvent.click(uploadButton());
    expect(await screen.findByText('坏文件.xlsx 文件导入失败:表头不匹配')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
