import './testing/domShims';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { MarkdownEditor } from './MarkdownEditor';
import { imageMarkdown, renderMarkdown } from './markdown/renderMarkdown';

// Dialogs render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });
const api = useApiServer();

function Controlled({ initial = '', onChange }: { initial?: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MarkdownEditor
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

/** The multipart field values of a raw request body. */
function formFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of String(body).matchAll(/name="([^"]+)"(?:; filename="[^"]*")?\r\n(?:Content-Type: [^\r]*\r\n)?\r\n([^\r]*)/g)) out[m[1]] = m[2];
  return out;
}

// Role queries walk the accessibility tree and are very slow on antd dialogs; text queries are not.
const dialog = () => document.querySelector('.ant-modal') as HTMLElement;
const ok = () => within(dialog()).getByText(/^确\s*定$/).closest('button')!;
const remarkInput = (tab: 'local' | 'network') => within(dialog()).getAllByPlaceholderText('请输入备注')[tab === 'local' ? 0 : 1];

describe('markdown preview', () => {
  it('renders markdown and strips handlers and javascript: links', () => {
    const { getByTestId } = render(<MarkdownEditor value={'**粗体**\n\n<img src=x onerror=alert(1)>\n\n[点我](javascript:alert(1))\n\n<script>alert(2)</script>'} />);
    const preview = getByTestId('markdown-preview');
    expect(preview.querySelector('strong')).toHaveTextContent('粗体');
    const img = preview.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('x');
    expect(img.hasAttribute('onerror')).toBe(false);
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.innerHTML).not.toMatch(/javascript:|onerror|alert\(2\)/i);
  });

  it('renderMarkdown and imageMarkdown escape what would break out', () => {
    expect(renderMarkdown('<a href="javascript:alert(1)" onclick="x()">a</a>')).not.toMatch(/javascript|onclick/);
    expect(imageMarkdown('https://a.example/x y(1).png', '图[1]')).toBe('![图\\[1\\]](https://a.example/x%20y%281%29.png)');
  });
});

describe('MarkdownEditor', () => {
  it('is 300 high by default and never lower than 200', () => {
    const { getByTestId, rerender } = render(<MarkdownEditor value="" />);
    expect(getByTestId('markdown-panes')).toHaveStyle({ height: '300px' });
    rerender(<MarkdownEditor value="" height={120} />);
    expect(getByTestId('markdown-panes')).toHaveStyle({ height: '200px' });
    rerender(<MarkdownEditor value="" height={480} />);
    expect(getByTestId('markdown-panes')).toHaveStyle({ height: '480px' });
  });

  it('the toolbar bolds a placeholder word and the preview follows', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user.click(screen.getByLabelText('加粗'));
    expect(onChange).toHaveBeenLastCalledWith('**加粗文字**');
    expect(screen.getByTestId('markdown-preview').querySelector('strong')).toHaveTextContent('加粗文字');
  });

  it('图片 → 网络地址 checks the address and inserts ![备注](url)', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    render(<Controlled initial="正文" onChange={onChange} />);
    await user.click(screen.getByLabelText('图片'));
    expect(within(dialog()).getByText('本地上传')).toBeInTheDocument();
    await user.click(within(dialog()).getByText('网络地址'));
    await user.click(ok());
    expect(await screen.findByText('请输入图片地址')).toBeInTheDocument();
    const address = screen.getByPlaceholderText('请输入图片地址');
    fireEvent.change(address, { target: { value: 'ftp://a.example/x.png' } });
    expect(await screen.findByText('请输入以http和https开头的网址')).toBeInTheDocument();
    fireEvent.change(address, { target: { value: 'https://img.example/a.png' } });
    fireEvent.change(remarkInput('network'), { target: { value: '校徽' } });
    await user.click(ok());
    await waitFor(() => expect(onChange.mock.lastCall).toEqual(['![校徽](https://img.example/a.png)\n正文']));
    const img = screen.getByTestId('markdown-preview').querySelector('img')!;
    expect(img).toHaveAttribute('alt', '校徽');
    expect(img).toHaveAttribute('src', 'https://img.example/a.png');
  });

  it('图片 → 本地上传 posts the file to the jeditor folder and inserts the stored path', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    api.handle('POST', '/sys/common/upload', () => ({ body: { ...envelope(null, 'jeditor/photo_123.png'), result: null } }));
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user.click(screen.getByLabelText('图片'));
    await user.click(ok());
    expect(await screen.findByText('请先上传图片')).toBeInTheDocument();
    const input = dialog().querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['png-bytes'], 'photo.png', { type: 'image/png' }));
    await waitFor(() => expect(api.seen).toHaveLength(1));
    expect(formFields(api.seen[0].body)).toMatchObject({ file: 'png-bytes', biz: 'jeditor', jeditor: '1' });
    const stored = `${api.url}/api/sys/common/view/jeditor/photo_123.png`;
    expect(await within(dialog()).findByAltText('预览')).toHaveAttribute('src', stored);
    fireEvent.change(remarkInput('local'), { target: { value: '照片' } });
    await user.click(ok());
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(`![照片](${stored})`));
  });

  it('a file that is not an image is refused with 请上传图片 and never sent', async () => {
    const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: 0 });
    render(<Controlled />);
    await user.click(screen.getByLabelText('图片'));
    const input = dialog().querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText('请上传图片')).toBeInTheDocument();
    expect(api.seen).toHaveLength(0);
  });
});
