// 详细信息 (spec/01 §9): 1200 wide, fullscreen switch; OK closes only when the callback succeeds.
import { useState, type ReactNode } from 'react';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { MODAL_WIDTHS } from '@anxue/shared/constants';
import { t } from '../../lib/i18n';

export interface DetailsModalProps {
  open: boolean;
  onClose: () => void;
  /** Resolves true when the work succeeded; the dialog then closes. */
  onOk?: () => Promise<boolean>;
  children?: ReactNode;
}

export function DetailsModal({ open, onClose, onOk, children }: DetailsModalProps) {
  const [fullscreen, setFullscreen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    if (!onOk) return onClose();
    setBusy(true);
    try {
      if (await onOk()) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={ok}
      confirmLoading={busy}
      okText={t('确定')}
      cancelText={t('关闭')}
      width={fullscreen ? '100%' : MODAL_WIDTHS.details}
      style={fullscreen ? { top: 0, paddingBottom: 0, maxWidth: '100vw' } : undefined}
      title={
        <span style={{ display: 'flex', justifyContent: 'space-between', paddingRight: 32 }}>
          {t('详细信息')}
          <Button type="text" size="small" aria-label={fullscreen ? t('退出全屏') : t('全屏')} icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={() => setFullscreen((f) => !f)} />
        </span>
      }
    >
      {children}
    </Modal>
  );
}
