import './testing/domShims';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { EditorView } from '@codemirror/view';
import { language as languageFacet } from '@codemirror/language';
import { describe, expect, it, vi } from 'vitest';
import { CodeEditor } from './CodeEditor';
import { CODE_LANGUAGES, loadLanguage } from './codemirror/languages';

function viewOf(container: HTMLElement): EditorView {
  const dom = container.querySelector('.cm-editor') as HTMLElement;
  expect(dom).not.toBeNull();
  return EditorView.findFromDOM(dom)!;
}

describe('CodeEditor', () => {
  it('shows the value with line numbers and emits typed changes', () => {
    const onChange = vi.fn();
    const { container } = render(<CodeEditor value={'a\nb'} onChange={onChange} />);
    expect(container.querySelector('.cm-content')).toHaveTextContent('ab');
    expect(container.querySelector('.cm-lineNumbers')).toHaveTextContent('12');
    const view = viewOf(container);
    act(() => view.dispatch({ changes: { from: 3, insert: 'c' }, userEvent: 'input.type' }));
    expect(onChange).toHaveBeenLastCalledWith('a\nbc');
  });

  it('uses tab size 2: Tab inserts two spaces, Shift-Tab removes them, Enter keeps the indentation', () => {
    const onChange = vi.fn();
    const { container } = render(<CodeEditor value="x" onChange={onChange} />);
    const view = viewOf(container);
    expect(view.state.tabSize).toBe(2);
    act(() => view.dispatch({ selection: { anchor: 0 } }));
    fireEvent.keyDown(view.contentDOM, { key: 'Tab', keyCode: 9 });
    expect(onChange).toHaveBeenLastCalledWith('  x');
    act(() => view.dispatch({ selection: { anchor: 3 } }));
    fireEvent.keyDown(view.contentDOM, { key: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith('  x\n  ');
    fireEvent.keyDown(view.contentDOM, { key: 'Tab', keyCode: 9, shiftKey: true });
    expect(onChange).toHaveBeenLastCalledWith('  x\n');
  });

  it('a new value from the form replaces the text without being echoed back as a change', () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<CodeEditor value="one" onChange={onChange} />);
    rerender(<CodeEditor value="two" onChange={onChange} />);
    expect(viewOf(container).state.doc.toString()).toBe('two');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('read-only refuses edits', () => {
    const onChange = vi.fn();
    const { container } = render(<CodeEditor value="fixed" readOnly onChange={onChange} />);
    const view = viewOf(container);
    expect(view.state.readOnly).toBe(true);
    expect(view.contentDOM.getAttribute('contenteditable')).toBe('false');
    fireEvent.keyDown(view.contentDOM, { key: 'Tab', keyCode: 9 });
    expect(view.state.doc.toString()).toBe('fixed');
  });

  it('loads the chosen language pack and switches it', async () => {
    const { container, rerender } = render(<CodeEditor value="print(1)" language="python" />);
    const view = viewOf(container);
    await waitFor(() => expect(view.state.facet(languageFacet)?.name).toBe('python'));
    rerender(<CodeEditor value="select 1" language="sql" />);
    await waitFor(() => expect(view.state.facet(languageFacet)?.name).toBe('sql'));
  });

  it('every mode of the spec has a language pack', async () => {
    expect(CODE_LANGUAGES).toEqual(['css', 'javascript', 'html', 'java', 'objective-c', 'python', 'R', 'shell', 'sql', 'swift', 'vue', 'markdown']);
    for (const mode of CODE_LANGUAGES) await expect(loadLanguage(mode)).resolves.toBeTruthy();
  });

  it('the fullscreen switch covers the window and comes back', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { container } = render(<CodeEditor value="" />);
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(container.firstElementChild).toHaveStyle({ position: 'fixed' });
    await user.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(container.firstElementChild).not.toHaveStyle({ position: 'fixed' });
  });
});
