// 个人设置 · 基本设置: the own avatar, name, sex, birthday and e-mail (PUT /sys/user/appEdit, which any
// signed-in user may call for their own record only); the phone changes only with SMS codes (更换手机号 /
// 绑定手机号); 注销账号 with a code to the bound number.
import { lazy, Suspense, useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ImageUpload } from '../../../components/upload';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { setUserInfo, useSession } from '../../../lib/session/store';
import type { UserInfo } from '../../../lib/types';
import { emailRules } from '../../auth/accountRules';
import { t } from '../../../lib/i18n';

const PhoneChangeModal = lazy(() => import('./PhoneChangeModal'));
const LogOffModal = lazy(() => import('./LogOffModal'));

type BaseValues = Pick<UserInfo, 'realname' | 'sex' | 'email' | 'avatar'> & { birthday?: Dayjs | null };
/** What appEdit answers: the saved user. */
type SavedUser = UserInfo & { birthday?: string | null };

export default function BaseSettingsPage() {
  const info = useSession((s) => s.info);
  const [busy, setBusy] = useState(false);
  const [changingPhone, setChangingPhone] = useState(false);
  const [loggingOff, setLoggingOff] = useState(false);
  if (!info) return null;
  const save = async (v: BaseValues) => {
    setBusy(true);
    try {
      const saved = await http.put<SavedUser>('/sys/user/appEdit', {
        id: info.id,
        realname: v.realname,
        sex: v.sex,
        email: v.email ?? '',
        avatar: v.avatar ?? '',
        birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : '',
      });
      setUserInfo({ ...info, ...(saved ?? {}), realname: v.realname, sex: v.sex, email: v.email, avatar: v.avatar });
      message.success(t('保存成功'));
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('基本设置')}>
      <Form<BaseValues> layout="vertical" style={{ maxWidth: 480 }} initialValues={{
          realname: info.realname,
          sex: info.sex != null ? String(info.sex) : undefined,
          email: info.email,
          avatar: info.avatar ?? undefined,
          birthday: (info as SavedUser).birthday ? dayjs((info as SavedUser).birthday) : undefined,
        }}
        onFinish={save}
      >
        <Form.Item label={t('头像')} name="avatar" getValueProps={(v) => ({ value: v ?? '' })} normalize={(v: string) => v || null}>
          <ImageUpload biz="avatar" maxCount={1} />
        </Form.Item>
        <Form.Item label={t('姓名')} name="realname" rules={[{ required: true, message: t('请输入姓名') }]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('性别')} name="sex">
          <Radio.Group options={[{ value: '1', label: t('男') }, { value: '2', label: t('女') }]} />
        </Form.Item>
        <Form.Item label={t('生日')} name="birthday">
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs())} />
        </Form.Item>
        <Form.Item label={t('邮箱')} name="email" rules={emailRules}>
          <Input />
        </Form.Item>
        <Form.Item label={t('手机')}>
          <span style={{ marginRight: 12 }}>{info.phone || t('未绑定')}</span>
          <Button onClick={() => setChangingPhone(true)}>{info.phone ? t('更换手机号') : t('绑定手机号')}</Button>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('更新基本信息')}
        </Button>
      </Form>
      <div style={{ marginTop: 32, paddingTop: 16, borderTop: '1px solid #f0f0f0', maxWidth: 480 }}>
        <span style={{ marginRight: 12 }}>{t('注销账号')}</span>
        {info.phone ? (
          <Button danger onClick={() => setLoggingOff(true)}>
            {t('注销')}
          </Button>
        ) : (
          <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>{t('绑定手机号后可注销账号')}</span>
        )}
      </div>
      {loggingOff && info.phone && (
        <Suspense fallback={null}>
          <LogOffModal username={info.username} phone={info.phone} onClose={() => setLoggingOff(false)} />
        </Suspense>
      )}
      {changingPhone && (
        <Suspense fallback={null}>
          <PhoneChangeModal
            current={info.phone}
            onClose={() => setChangingPhone(false)}
            onChanged={(phone) => {
              setUserInfo({ ...info, phone });
              setChangingPhone(false);
              message.success(t('修改手机号成功！'));
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
