import './testing/domShims';
import { configure, act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { RichTextEditor } from './RichTextEditor';

// Dialogs render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });
const api = useApiServer();

function editorOf(container: HTMLElement): Editor {
  const dom = container.querySelector('.ProseMirror') as HTMLElement & { editor?: Editor };
  expect(dom?.editor).toBeTruthy();
  return dom.editor!;
}

function Controlled({ initial = '', onChange, disabled }: { initial?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      value={value}
      disabled={disabled}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

function formFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of String(body).matchAll(/name="([^"]+)"(?:; filename="[^"]*")?\r\n(?:Content-Type: [^\r]*\r\n)?\r\n([^\r]*)/g)) out[m[1]] = m[2];
  return out;
}

const answerUpload = (path: string) => api.handle('POST', '/sys/common/upload', () => ({ body: envelope(null, path) }));

describe('RichTextEditor', () => {
  it('shows the Chinese toolbar and a 300 px writing area with the value', () => {
    const { container } = render(<RichTextEditor value="<p>你好</p>" />);
    for (const label of ['加粗', '斜体', '删除线', '标题', '列表', '引用', '代码', '链接', '图片', '撤销', '重做']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(container.querySelector('.ProseMirror')).toHaveTextContent('你好');
    expect(screen.getByTestId('rich-text-area')).toHaveStyle({ height: '300px' });
    expect(screen.getByTestId('rich-text-area')).toContainElement(container.querySelector('.ProseMirror') as HTMLElement);
  });

  it('formats the selection and emits HTML; an empty document is an empty value', async () => {
    const onChange = vi.fn();
    const { container } = render(<Controlled initial="<p>重要通知</p>" onChange={onChange} />);
    const editor = editorOf(container);
    act(() => editor.commands.selectAll());
    fireEvent.click(screen.getByLabelText('加粗'));
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>重要通知</strong></p>');
    await waitFor(() => expect(screen.getByLabelText('加粗')).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(screen.getByLabelText('撤销'));
    expect(onChange).toHaveBeenLastCalledWith('<p>重要通知</p>');
    act(() => editor.commands.clearContent(true));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('a value from the form replaces the content without being echoed as a change', () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<RichTextEditor value="<p>一</p>" onChange={onChange} />);
    rerender(<RichTextEditor value="<h2>二</h2>" onChange={onChange} />);
    // (an empty paragraph may follow a heading so the user can write after it)
    expect(editorOf(container).getHTML()).toMatch(/^<h2>二<\/h2>(<p><\/p>)?$/);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('图片 uploads with file, biz=jeditor and jeditor=1 and inserts the stored path', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    answerUpload('jeditor/logo_17.png');
    const onChange = vi.fn();
    const { container } = render(<Controlled initial="<p>正文</p>" onChange={onChange} />);
    await user.upload(screen.getByTestId('rich-text-image-input'), new File(['png-data'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(container.querySelector('.ProseMirror img')).not.toBeNull());
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0].path).toBe('/sys/common/upload');
    expect(formFields(api.seen[0].body)).toMatchObject({ file: 'png-data', biz: 'jeditor', jeditor: '1' });
    const src = `${api.url}/api/sys/common/view/jeditor/logo_17.png`;
    expect(container.querySelector('.ProseMirror img')).toHaveAttribute('src', src);
    expect(onChange.mock.lastCall![0]).toContain(`<img src="${src}" alt="logo.png">`);
  });

  it('pasting an image uploads it the same way; a refused upload inserts nothing', async () => {
    answerUpload('jeditor/pasted_1.png');
    const { container } = render(<Controlled initial="<p>x</p>" />);
    const pm = container.querySelector('.ProseMirror') as HTMLElement;
    const file = new File(['gif'], 'clip.gif', { type: 'image/gif' });
    fireEvent.paste(pm, { clipboardData: { files: [file], types: ['Files'], getData: () => '' } });
    await waitFor(() => expect(container.querySelector('.ProseMirror img')).toHaveAttribute('src', `${api.url}/api/sys/common/view/jeditor/pasted_1.png`));
    expect(formFields(api.seen[0].body)).toMatchObject({ biz: 'jeditor', jeditor: '1' });

    api.handle('POST', '/sys/common/upload', () => ({ status: 200, body: envelope(null, '文件类型不允许', 500) }));
    fireEvent.paste(pm, { clipboardData: { files: [file], types: ['Files'], getData: () => '' } });
    expect(await screen.findByText('文件类型不允许')).toBeInTheDocument();
    expect(container.querySelectorAll('.ProseMirror img')).toHaveLength(1);
  });

  it('a non-image file is refused with 请上传图片 and never sent', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0, applyAccept: false });
    render(<Controlled />);
    await user.upload(screen.getByTestId('rich-text-image-input'), new File(['<script>'], 'x.html', { type: 'text/html' }));
    expect(await screen.findByText('请上传图片')).toBeInTheDocument();
    expect(api.seen).toHaveLength(0);
  });

  it('disabled: not editable and every tool is off; read-only has no toolbar', () => {
    const { container, unmount } = render(<Controlled initial="<p>x</p>" disabled />);
    expect(container.querySelector('.ProseMirror')).toHaveAttribute('contenteditable', 'false');
    expect(screen.getByLabelText('加粗')).toBeDisabled();
    expect(screen.getByLabelText('图片')).toBeDisabled();
    unmount();
    const ro = render(<RichTextEditor value="<p>只读</p>" readOnly />);
    expect(ro.container.querySelector('.ProseMirror')).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByLabelText('加粗')).toBeNull();
  });

  it('链接 asks for an address in the prompt dialog and refuses javascript:', async () => {
    const onChange = vi.fn();
    const { container } = render(<Controlled initial="<p>官网</p>" onChange={onChange} />);
    act(() => editorOf(container).commands.selectAll());
    fireEvent.click(screen.getByLabelText('链接'));
    const input = await screen.findByPlaceholderText('请输入链接地址，留空则移除链接');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    expect(await screen.findByText('请输入以http、https或mailto开头的地址')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'https://www.example.cn' } });
    fireEvent.click(screen.getAllByText(/^确\s*定$/).at(-1)!.closest('button')!);
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toContain('<a target="_blank" rel="noopener noreferrer" href="https://www.example.cn">官网</a>'));
  });
});
