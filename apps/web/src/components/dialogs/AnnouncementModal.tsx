// Announcement detail (spec/01 §2): title, sender (real name), send time, rich content; 去处理 for url notices.
import { useEffect, useState } from 'react';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { http } from '../../lib/http';
import type { Announcement } from '../../lib/types';
import { sanitizeHtml } from './sanitizeHtml';
import { t } from '../../lib/i18n';

export interface AnnouncementModalProps {
  record: Announcement | null;
  onClose: () => void;
}

function useSenderName(username?: string) {
  const [name, setName] = useState(username ?? '');
  useEffect(() => {
    setName(username ?? '');
    if (!username) return;
    let live = true;
    http
      .get<{ records: { realname?: string }[] }>('/sys/user/list', { username }, { silent: true })
      .then((page) => live && page?.records?.[0]?.realname && setName(page.records[0].realname))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [username]);
  return name;
}

export function AnnouncementModal({ record, onClose }: AnnouncementModalProps) {
  const navigate = useNavigate();
  const [fullscreen, setFullscreen] = useState(false);
  const sender = useSenderName(record?.sender);
  const handle = () => {
    onClose();
    if (record?.openPage) navigate(record.openPage);
  };
  const footer = [
    <Button key="close" onClick={onClose}>
      {t('关闭')}
    </Button>,
    record?.openType === 'url' && (
      <Button key="handle" type="primary" onClick={handle}>
        {t('去处理')}
      </Button>
    ),
  ];
  return (
    <Modal
      open={!!record}
      onCancel={onClose}
      footer={footer}
      width={fullscreen ? '100%' : '60%'}
      style={fullscreen ? { top: 0, paddingBottom: 0, maxWidth: '100vw' } : { top: 20 }}
      title={
        <span style={{ display: 'flex', justifyContent: 'space-between', paddingRight: 32 }}>
          {t('查看')}
          <Button type="text" size="small" aria-label={fullscreen ? t('退出全屏') : t('全屏')} icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={() => setFullscreen((f) => !f)} />
        </span>
      }
    >
      {record && (
        <div style={{ maxHeight: fullscreen ? undefined : window.innerHeight * 0.8, overflowY: 'auto' }}>
          <Typography.Title level={4} style={{ textAlign: 'center' }}>
            {record.titile}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {t('发布人：')}{sender || '—'}　{t('发布时间：')}{record.sendTime ?? record.createTime ?? '—'}
          </Typography.Paragraph>
          <div className="announcement-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(record.msgContent ?? '') }} />
        </div>
      )}
    </Modal>
  );
}
