// A class's teacher makes a one-time link code for one student's family: shown once, in large letters,
// with its expiry; the parent types it under 我的孩子.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import type { ParentLinkCode } from '@anxue/shared/family';
import { message } from '../../../../lib/antdStatic';
import { t } from '../../../../lib/i18n';
import { familyApi } from './api';
import './family.css';

export function ParentCodeButton({ studentId, name }: { studentId: string; name: string }) {
  const [code, setCode] = useState<ParentLinkCode | null>(null);
  const make = useMutation({
    mutationFn: () => familyApi.linkCode(studentId),
    onSuccess: setCode,
    onError: (err) => void message.error(err instanceof Error ? err.message : t('提交失败')),
  });
  return (
    <>
      <Button size="small" loading={make.isPending} onClick={() => make.mutate()} aria-label={t('为{name}生成家长关联码', { name })}>
        {t('家长关联码')}
      </Button>
      <Modal
        open={!!code}
        title={t('{name}的家长关联码', { name })}
        onCancel={() => setCode(null)}
        rootClassName="area-sheet"
        footer={
          <Button type="primary" onClick={() => setCode(null)}>
            {t('知道了')}
          </Button>
        }
      >
        {code && (
          <>
            <div className="fam-code" aria-label={t('关联码')}>
              {code.code}
            </div>
            <p>{t('请把关联码交给家长：家长登录学习园地，在“我的孩子”里输入。{time}前有效，只能使用一次；每个孩子最多关联两位家长。', { time: code.expireTime.slice(0, 16) })}</p>
          </>
        )}
      </Modal>
    </>
  );
}
