// 加入课堂 (a student's phone): the six-digit code the screen shows, typed or filled from its QR code, which
// joins at once. The session's page keeps its id in the address, so a reload comes back to the same session.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIVE_CODE_LENGTH } from '@anxue/shared/live';
import { t } from '../../../../lib/i18n';
import { PageTitle } from '../components/PageTitle';
import { useSignedIn } from '../StudentLayout';
import { AREA_ROOT } from '../areaMenu';
import { liveApi } from './api';
import './live.css';

const digits = (s: string | null) => (s ?? '').replace(/\D/g, '').slice(0, LIVE_CODE_LENGTH);

export default function LiveJoinPage() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) {
    // opened from the QR code before signing in: sign in, then back here with the code
    const back = `${location.pathname}${location.search}`;
    return (
      <div className="live-join">
        <PageTitle title={t('加入课堂')} />
        <Card>
          <Typography.Paragraph>{t('登录后加入课堂，你的答题才会记在你的名下。')}</Typography.Paragraph>
          <Link to={`/user/login?redirect=${encodeURIComponent(back)}`}>
            <Button type="primary" size="large" block>
              {t('登录')}
            </Button>
          </Link>
        </Card>
      </div>
    );
  }
  return <JoinForm />;
}

function JoinForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [code, setCode] = useState(() => digits(params.get('code')));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const tried = useRef(false);

  const join = async (value: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const state = await liveApi.join(value);
      navigate(`${AREA_ROOT}/live/${state.id}`, { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : t('加入失败'));
      setBusy(false);
    }
  };
  // from the QR code: the code is there, join straight away (once)
  useEffect(() => {
    if (tried.current || code.length !== LIVE_CODE_LENGTH) return;
    tried.current = true;
    void join(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="live-join">
      <PageTitle title={t('加入课堂')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('输入老师大屏上的6位课堂码，或用手机扫大屏上的二维码。')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={() => void join(code)} requiredMark={false}>
          <Form.Item label={t('课堂码')} htmlFor="live-join-code">
            <Input
              id="live-join-code"
              size="large"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(digits(e.target.value))}
              maxLength={LIVE_CODE_LENGTH}
              className="live-join-input"
            />
          </Form.Item>
          <Button type="primary" size="large" block htmlType="submit" loading={busy} disabled={code.length !== LIVE_CODE_LENGTH}>
            {t('加入')}
          </Button>
        </Form>
        {error && <Alert style={{ marginTop: 12 }} type="error" message={error} showIcon role="alert" />}
      </Card>
    </div>
  );
}
