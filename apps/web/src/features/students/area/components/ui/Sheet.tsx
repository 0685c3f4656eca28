// A sheet rising from the bottom (replaces antd's Drawer): the browser's own modal <dialog>, so the page
// behind is inert, focus stays inside and Esc closes it; a tap outside closes it too.
import { useRef, type ReactNode } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { t } from '../../../../../lib/i18n';
import { useModalDialog } from './useModalDialog';
import './ui.css';

export interface SheetProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
}

export function Sheet({ open, title, onClose, children }: SheetProps) {
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, onClose, close);
  return (
    <dialog {...dialog} className="ui-sheet area-sheet" aria-labelledby={open ? 'ui-sheet-title' : undefined}>
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
