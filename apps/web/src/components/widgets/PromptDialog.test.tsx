import { configure, act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { prompt, PromptDialog, type PromptOptions } from './PromptDialog';

// Dialogs render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });

// Text queries, not role queries: role queries are very slow on antd dialogs in jsdom.
const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const okButton = () => within(modal()).getByText(/^确\s*定$/).closest('button')!;
const cancelButton = () => within(modal()).getByText(/^取\s*消$/).closest('button')!;
const isOpen = () => !!document.querySelector('.ant-modal-wrap') && (document.querySelector('.ant-modal-wrap') as HTMLElement).style.display !== 'none';

function Harness(props: PromptOptions) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <PromptDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
const state = () => screen.getByTestId('state').textContent;

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('PromptDialog', () => {
  it('checks the caller rules before running onOk', async () => {
    const onOk = vi.fn();
    render(<Harness title="重命名" content="请输入新名称" placeholder="名称" rules={[{ required: true, message: '名称不能为空' }, { max: 5, message: '最多5个字' }]} onOk={onOk} />);
    expect(screen.getByText('重命名')).toBeInTheDocument();
    expect(screen.getByText('请输入新名称')).toBeInTheDocument();
    fireEvent.click(okButton());
    expect(await screen.findByText('名称不能为空')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('名称'), { target: { value: '太长的一个名字' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('最多5个字')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
    expect(state()).toBe('open');
  });

  it('runs onOk with the value and closes', async () => {
    const onOk = vi.fn();
    render(<Harness defaultValue="初始" placeholder="名称" onOk={onOk} />);
    expect(screen.getByPlaceholderText('名称')).toHaveValue('初始');
    fireEvent.change(screen.getByPlaceholderText('名称'), { target: { value: '新名字' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(state()).toBe('closed'));
    expect(onOk).toHaveBeenCalledWith('新名字');
  });

  it('an async onOk keeps it open with a loading OK button until it resolves', async () => {
    const work = deferred();
    render(<Harness defaultValue="v" onOk={() => work.promise} />);
    fireEvent.click(okButton());
    await waitFor(() => expect(okButton()).toHaveClass('ant-btn-loading'));
    expect(state()).toBe('open');
    fireEvent.click(cancelButton());
    expect(state()).toBe('open');
    await act(async () => work.resolve());
    await waitFor(() => expect(state()).toBe('closed'));
  });

  it('a rejected onOk keeps it open and lets the user try again', async () => {
    const work = deferred();
    const onOk = vi.fn(() => work.promise);
    render(<Harness defaultValue="v" onOk={onOk} />);
    fireEvent.click(okButton());
    await waitFor(() => expect(okButton()).toHaveClass('ant-btn-loading'));
    await act(async () => work.reject(new Error('保存失败')));
    await waitFor(() => expect(okButton()).not.toHaveClass('ant-btn-loading'));
    expect(state()).toBe('open');
    onOk.mockImplementation(() => Promise.resolve());
    fireEvent.click(okButton());
    await waitFor(() => expect(state()).toBe('closed'));
    expect(onOk).toHaveBeenCalledTimes(2);
  });

  it('a throwing or false-answering onOk keeps it open', async () => {
    const onOk = vi.fn(() => {
      throw new Error('x');
    });
    const { unmount } = render(<Harness defaultValue="v" onOk={onOk} />);
    fireEvent.click(okButton());
    await waitFor(() => expect(onOk).toHaveBeenCalled());
    expect(state()).toBe('open');
    unmount();
    const answersFalse = vi.fn(() => Promise.resolve(false));
    render(<Harness defaultValue="v" onOk={answersFalse} />);
    fireEvent.click(okButton());
    await waitFor(() => expect(answersFalse).toHaveBeenCalled());
    await waitFor(() => expect(okButton()).not.toHaveClass('ant-btn-loading'));
    expect(state()).toBe('open');
  });

  it('cancel closes without running onOk', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onOk={onOk} onCancel={onCancel} />);
    fireEvent.click(cancelButton());
    expect(state()).toBe('closed');
    expect(onCancel).toHaveBeenCalled();
    expect(onOk).not.toHaveBeenCalled();
  });
});

describe('prompt()', () => {
  it('opens a Chinese dialog outside any tree, validates, runs onOk and goes away', async () => {
    const onOk = vi.fn();
    act(() => {
      prompt({ title: '输入对话框', placeholder: '请输入名称', rules: [{ required: true, message: '请输入名称!' }], onOk });
    });
    expect(await screen.findByText('输入对话框')).toBeInTheDocument();
    fireEvent.click(okButton());
    expect(await screen.findByText('请输入名称!')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '甲' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(onOk).toHaveBeenCalledWith('甲'));
    await waitFor(() => expect(isOpen()).toBe(false));
  });

  it('close() on the handle closes it', async () => {
    let handle!: { close: () => void };
    act(() => {
      handle = prompt({ title: '稍后关闭' });
    });
    expect(await screen.findByText('稍后关闭')).toBeInTheDocument();
    act(() => handle.close());
    await waitFor(() => expect(isOpen()).toBe(false));
  });
});
