import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Modal } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearLocalSession, setToken } from '../../lib/session/store';
import { envelope, startApiServer, type ApiServer } from '../../lib/testing/apiServer';
import { FilePopup, FileUpload, ImageUpload } from '.';

configure({ asyncUtilTimeout: 5000 });

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
afterEach(() => {
  Modal.destroyAll();
  clearLocalSession();
  api.seen.length = 0;
});

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const choose = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const png = (name = 'a.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const uploads = () => api.seen.filter((s) => s.path === '/sys/common/upload');

describe('ImageUpload', () => {
  it('refuses a non-image with 请上传图片 and sends nothing', async () => {
    const onChange = vi.fn();
    render(<ImageUpload onChange={onChange} />);
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('请上传图片')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(uploads()).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads an image with the token and biz, then holds the stored path and shows it through /view', async () => {
    setToken('tok-img');
    api.handle('POST', '/sys/common/upload', () => ({ body: envelope(null, 'avatar/a_1700000000000abcdefabcdefabcdef.png') }));
    const onChange = vi.fn();
    render(<ImageUpload biz="avatar" onChange={onChange} />);
    choose(png());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('avatar/a_1700000000000abcdefabcdefabcdef.png'));
    const sent = uploads()[0];
    expect(sent.headers['x-access-token']).toBe('tok-img');
    expect(String(sent.body)).toMatch(/name="biz"\r\n\r\navatar/);
    const img = await waitFor(() => {
      const el = document.querySelector('.ant-upload-list img') as HTMLImageElement;
      expect(el).not.toBeNull();
      return el;
    });
    expect(img.getAttribute('src')).toBe(`${api.url}/api/sys/common/view/avatar/a_1700000000000abcdefabcdefabcdef.png`);
  });

  it('hides the add button once the count limit is reached, and 0 means no limit', async () => {
    const { rerender } = render(<ImageUpload value="a/x.png,a/y.png" maxCount={2} />);
    expect(screen.queryByText('上传')).not.toBeInTheDocument();
    rerender(<ImageUpload value="a/x.png,a/y.png" maxCount={0} />);
    expect(screen.getByText('上传')).toBeInTheDocument();
  });

  it('opens 上传出错 with the server message when the upload fails', async () => {
    api.handle('POST', '/sys/common/upload', () => ({ status: 415, body: envelope(null, '文件内容与扩展名不符', 415) }));
    const onChange = vi.fn();
    render(<ImageUpload onChange={onChange} />);
    choose(png('fake.png'));
    expect((await screen.findAllByText('上传出错')).length).toBeGreaterThan(0);
    expect(screen.getByText('错误信息：文件内容与扩展名不符')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('FileUpload', () => {
  it('keeps a comma-joined value inside a Form and names files without the stored suffix', async () => {
    const paths = ['temp/a_1700000000000abcdefabcdefabcdef.pdf', 'temp/b_1700000000001abcdefabcdefabcdef.pdf'];
    let n = 0;
    api.handle('POST', '/sys/common/upload', () => ({ body: envelope(null, paths[n++]) }));
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="files">
          <FileUpload />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    choose(new File(['%PDF-1'], 'a.pdf'));
    expect(await screen.findByText('a.pdf')).toBeInTheDocument();
    await waitFor(() => expect(uploads()).toHaveLength(1));
    choose(new File(['%PDF-1'], 'b.pdf'));
    await waitFor(() => expect(uploads()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ files: paths.join(',') }));
  });

  it("says '{file} 上传失败.' when the server refuses", async () => {
    api.handle('POST', '/sys/common/upload', () => ({ body: { success: false, message: '不允许上传该类型的文件: .exe', code: 415 } }));
    render(<FileUpload />);
    choose(new File(['MZ'], 'tool.exe'));
    expect(await screen.findByText('tool.exe 上传失败.')).toBeInTheDocument();
  });
});

describe('FilePopup', () => {
  it('warns 未上传任何文件 when confirmed empty, and hands back name, path and size after an upload', async () => {
    api.handle('POST', '/sys/common/upload', () => ({ body: envelope(null, 'temp/r_1700000000000abcdefabcdefabcdef.txt') }));
    const onOk = vi.fn();
    render(<FilePopup open onOk={onOk} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('未上传任何文件')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
    choose(new File(['hello'], 'r.txt'));
    await waitFor(() => expect(uploads()).toHaveLength(1));
    await screen.findByText('r.txt');
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-done')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(onOk).toHaveBeenCalledWith([{ fileName: 'r.txt', filePath: 'temp/r_1700000000000abcdefabcdefabcdef.txt', fileSize: 5 }], 'temp/r_1700000000000abcdefabcdefabcdef.txt'),
    );
  });
});
