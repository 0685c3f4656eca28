// A class's teacher and one student's family: the parents linked now (with the phone's middle hidden),
// taking a wrong or former parent off, and a one-time link code for a parent to type under 我的孩子.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import type { ChildParent, ParentLinkCode } from '@anxue/shared/family';
import { MAX_PARENTS } from '@anxue/shared/family';
import { message } from '../../../../lib/antd/static';
import { t } from '../../../../lib/i18n';
import { QueryState } from '../components/QueryState';
import { familyApi } from './api';
import './family.css';

const failed = (err: unknown) => void message.error(err instanceof Error ? err.message : t('提交失败'));

export function StudentParentsButton({ studentId, name }: { studentId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={t('家长管理：{name}', { name })}>
        {t('家长管理')}
      </Button>
      {open && <StudentParentsSheet studentId={studentId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function StudentParentsSheet({ studentId, name, onClose }: { studentId: string; name: string; onClose: () => void }) {
  const client = useQueryClient();
  const key = ['teach', 'parents', studentId];
  const parents = useQuery({ queryKey: key, queryFn: () => familyApi.parents(studentId) });
  const [code, setCode] = useState<ParentLinkCode | null>(null);
  const make = useMutation({ mutationFn: () => familyApi.linkCode(studentId), onSuccess: setCode, onError: failed });
  const unlink = useMutation({
    mutationFn: (p: ChildParent) => familyApi.unlink(studentId, p.id),
    onSuccess: () => {
      void message.success(t('已解除关联'));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: failed,
  });
  const confirmUnlink = (p: ChildParent) =>
    Modal.confirm({
      title: t('解除家长关联'),
      content: t('解除后，{parent}不再能看到{name}的作业和成绩，用手机号登录也不会自动关联；要再关联，请给家长新的关联码。', { parent: p.realname, name }),
      okText: t('解除关联'),
      okButtonProps: { danger: true },
      cancelText: t('取消'),
      rootClassName: 'area-sheet',
      onOk: () => unlink.mutateAsync(p),
    });
  const full = (parents.data?.length ?? 0) >= MAX_PARENTS;
  return (
    <Modal
      open
      title={t('{name}的家长', { name })}
      onCancel={onClose}
      rootClassName="area-sheet"
      footer={
        <Button onClick={onClose} size="large">
          {t('关闭')}
        </Button>
      }
    >
      <QueryState query={parents}>
        {(list) =>
          list.length === 0 ? (
            <p className="area-muted">{t('还没有家长关联。')}</p>
          ) : (
            <ul className="fam-parents">
              {list.map((p) => (
                <li key={p.id} className="fam-parent">
                  <div className="fam-parent-main">
                    <span className="fam-parent-name">{p.realname}</span>
                    <span className="area-muted">
                      {[p.phone, p.via === 'phone' ? t('手机号关联') : t('关联码关联'), p.since?.slice(0, 10)].filter(Boolean).join(' · ')}
                    </span>
                  </div>
                  <Button danger onClick={() => confirmUnlink(p)} aria-label={t('解除关联：{parent}', { parent: p.realname })}>
                    {t('解除关联')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {code ? (
        <div className="fam-code-box">
          <div className="fam-code" aria-label={t('关联码')}>
            {code.code}
          </div>
          <p>{t('请把关联码交给家长：家长登录学习园地，在“我的孩子”里输入。{time}前有效，只能使用一次；每个孩子最多关联两位家长。', { time: code.expireTime.slice(0, 16) })}</p>
        </div>
      ) : full ? (
        <p className="area-muted">{t('已关联两位家长，不能再关联。')}</p>
      ) : (
        <Button type="primary" size="large" block loading={make.isPending} onClick={() => make.mutate()} aria-label={t('为{name}生成家长关联码', { name })}>
          {t('生成家长关联码')}
        </Button>
      )}
    </Modal>
  );
}
