// A question before a step that cannot be undone (start a timed test, hand it in): the browser's own modal
// <dialog> with the question and two buttons, from the bottom on a phone and in the middle of a wide screen.
// Replaces antd's Modal.confirm on the student's path, whose code (about 25 KB) a phone would fetch for it.
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { t } from '../../../../../lib/i18n';
import { useModalDialog } from './useModalDialog';
import './ui.css';

export interface ConfirmSheetProps {
  open: boolean;
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  cancelText?: string;
  /** The step itself; the sheet closes once it is done, and stays open (the step says why) if it fails. */
  onOk: () => unknown;
  onClose: () => void;
}

export function ConfirmSheet({ open, title, content, okText, cancelText, onOk, onClose }: ConfirmSheetProps) {
  const ok = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const contentId = useId();
  const cancel = () => {
    if (!busy) onClose();
  };
  const dialog = useModalDialog(open, cancel, ok);
  const confirm = async () => {
    setBusy(true);
    try {
      await onOk();
      onClose();
    } catch {
      // the step has shown what went wrong; the question stays for another try
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog
      {...dialog}
      role="alertdialog"
      className="ui-confirm"
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open && content ? contentId : undefined}
    >
      {open && (
        <div className="ui-confirm-inner">
          <h3 id={titleId} className="ui-confirm-title">
            {title}
          </h3>
          {content && (
            <div id={contentId} className="ui-confirm-content">
              {content}
            </div>
          )}
          <div className="ui-confirm-actions">
            <Button size="large" onClick={cancel} disabled={busy}>
              {cancelText ?? t('取消')}
            </Button>
            <Button ref={ok} size="large" type="primary" loading={busy} onClick={() => void confirm()}>
              {okText}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
