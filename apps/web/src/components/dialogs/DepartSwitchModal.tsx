// 切换部门 (spec/01 §4): loads the user's departments, preselects the current one, stores the
// returned user info for 7 days.
import { useEffect, useState } from 'react';
import { Form, Modal, Select, Spin } from 'antd';
import { message } from '../../lib/antd/static';
import { http } from '../../lib/http';
import { setUserInfo } from '../../lib/session/store';
import type { Depart, UserInfo } from '../../lib/types';
import { MODAL_WIDTHS } from '@anxue/shared/constants';
import { t } from '../../lib/i18n';

export const NO_DEPARTS = '您尚未设置部门信息!';

export interface DepartSwitchModalProps {
  open: boolean;
  username: string;
  onClose: () => void;
}

export function DepartSwitchModal({ open, username, onClose }: DepartSwitchModalProps) {
  const [departs, setDeparts] = useState<Depart[] | null>(null);
  const [orgCode, setOrgCode] = useState<string | undefined>();
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setDeparts(null);
    setInvalid(false);
    http
      .get<{ list: Depart[]; orgCode?: string }>('/sys/user/getCurrentUserDeparts')
      .then((res) => {
        if (!live) return;
        if (!res?.list?.length) {
          message.warning(t(NO_DEPARTS));
          onClose();
          return;
        }
        setDeparts(res.list);
        setOrgCode(res.orgCode ?? undefined);
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [open, onClose]);

  const submit = async () => {
    if (!orgCode) {
      setInvalid(true);
      return;
    }
    setSaving(true);
    try {
      const res = await http.post<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username });
      if (res?.userInfo) setUserInfo(res.userInfo);
      message.success(t('部门切换成功'));
      onClose();
    } catch {
      /* the http client has shown the reason */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={t('切换部门')} open={open && departs !== null} width={MODAL_WIDTHS.departSwitch} onOk={submit} onCancel={onClose} confirmLoading={saving} okText={t('确定')} cancelText={t('关闭')} destroyOnHidden>
      {departs === null ? (
        <Spin />
      ) : (
        <Form layout="horizontal" labelCol={{ span: 5 }}>
          <Form.Item label={t('部门')} required validateStatus={invalid ? 'error' : undefined} help={invalid ? t('请选择登录部门') : undefined}>
            <Select
              aria-label={t('部门')}
              value={orgCode}
              placeholder={t('请选择登录部门')}
              onChange={(v) => {
                setOrgCode(v);
                setInvalid(false);
              }}
              allowClear
              options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
