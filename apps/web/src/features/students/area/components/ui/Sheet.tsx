// A sheet rising from the bottom (replaces antd's Drawer): the browser's own modal <dialog>, so the page
// behind is inert, focus stays inside and Esc closes it; a tap outside closes it too.
import { useEffect, useRef, type ReactNode } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { t } from '../../../../../lib/i18n';
import './ui.css';

export interface SheetProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
}

export function Sheet({ open, title, onClose, children }: SheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      close.current?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="ui-sheet area-sheet"
      aria-labelledby={open ? 'ui-sheet-title' : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // the dialog element itself is hit only on its backdrop
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="ui-sheet-inner">
          <div className="ui-sheet-head">
            <h3 id="ui-sheet-title" className="ui-sheet-title">
              {title}
            </h3>
            <Button ref={close} type="text" icon={<CloseOutlined />} aria-label={t('关闭')} onClick={onClose} />
          </div>
          <div className="ui-sheet-body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
