// Closing a form dialog (issue 19), one rule for every Modal or Drawer that holds a form: an Esc or a click
// outside meant for a dialog stacked on top of this one (a picker, a confirm) is not for it, and input
// typed since it opened is not thrown away without asking (放弃未保存的修改？ 继续编辑/放弃修改).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Modal as StaticModal } from '../../lib/antd/static';
import { t } from '../../lib/i18n';

export interface CloseGuardOptions {
  /** The dialog is open: each opening starts clean. */
  open?: boolean;
  /** Another value here (e.g. the edited record) starts clean too. */
  resetKey?: unknown;
  /** Nothing to lose (a read-only view, a drawer that only holds lists and their dialogs): closes without
   *  asking; the stacked-dialog rule still holds. */
  readOnly?: boolean;
}

export interface CloseGuard {
  /** For the dialog's outer element: Modal `wrapClassName`, Drawer `rootClassName`. */
  className: string;
  /** The user changed something (a Form's `onValuesChange`, a grid's change). */
  markDirty: () => void;
  /** Forget the changes (e.g. after loading the record into the form). */
  markClean: () => void;
  /** Esc, ×, 关闭/取消 or a click outside: ignored under another dialog, confirmed first when dirty. */
  requestClose: () => void;
  dirty: boolean;
}

export function useCloseGuard(onClose: () => void, { open = true, resetKey, readOnly = false }: CloseGuardOptions = {}): CloseGuard {
  const className = `close-guard-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [dirty, setDirty] = useState(false);
  const latest = useRef(onClose);
  latest.current = onClose;

  useEffect(() => {
    if (open) setDirty(false);
  }, [open, resetKey]);

  const requestClose = useCallback(() => {
    // the confirm below is a dialog on top too, so a second Esc while it asks is ignored
    if (!isTopmost(className)) return;
    if (!dirty || readOnly) return latest.current();
    StaticModal.confirm({
      title: t('放弃未保存的修改？'),
      content: t('关闭后，本次填写的内容不会保存。'),
      okText: t('放弃修改'),
      cancelText: t('继续编辑'),
      onOk: () => latest.current(),
    });
  }, [className, dirty, readOnly]);

  const markDirty = useCallback(() => setDirty(true), []);
  const markClean = useCallback(() => setDirty(false), []);
  return { className, markDirty, markClean, requestClose, dirty };
}

/** Whether the dialog marked with `className` is the one on top: open dialogs and drawers stack in the order of their elements in the page. */
function isTopmost(className: string): boolean {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap, .ant-drawer')].filter((el) =>
    el.classList.contains('ant-drawer') ? el.classList.contains('ant-drawer-open') : getComputedStyle(el).display !== 'none',
  );
  const top = open.at(-1);
  return !top || top.classList.contains(className);
}
