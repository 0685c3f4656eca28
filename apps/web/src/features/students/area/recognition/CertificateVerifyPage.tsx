// /certificate/:code — open to anyone, no sign-in and no back-office code: whether a certificate code is
// real, and if so only its three facts (the name, the work, the date), or that the school revoked it.
import { useEffect, useLayoutEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Input, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { documentTitle } from '@anxue/shared/constants';
import { formatCertificateCode, normalizeCertificateCode } from '@anxue/shared/recognition';
import { withAntd } from '../../../../components/antd/AntdProvider';
import { useBranding } from '../../../../lib/branding';
import { useDarkModeClass } from '../../../../lib/display/useDarkModeClass';
import { t } from '../../../../lib/i18n';
import { certificateApi } from './api';
import './certificate.css';

function VerifyPage() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <Verify />
    </QueryClientProvider>
  );
}

function Verify() {
  useDarkModeClass();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const siteName = useBranding().name;
  const [typed, setTyped] = useState(formatCertificateCode(normalizeCertificateCode(code)));
  useEffect(() => setTyped(formatCertificateCode(normalizeCertificateCode(code))), [code]);
  useLayoutEffect(() => {
    document.title = documentTitle(siteName, t('证书验证'));
  }, [siteName]);
  const q = useQuery({ queryKey: ['certificate', 'verify', code], queryFn: () => certificateApi.verify(code), enabled: !!code });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = normalizeCertificateCode(typed);
    if (next) navigate(`/certificate/${formatCertificateCode(next)}`);
  };
  return (
    <div className="cert-public">
      <main className="cert-public-card">
        <header className="cert-public-head">
          <SafetyCertificateOutlined aria-hidden />
          <h1>{t('证书验证')}</h1>
        </header>
        {q.isPending && code ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : q.data ? (
          <section className={`cert-public-result ${q.data.revokedDate ? 'bad' : 'ok'}`} aria-live="polite">
            <p className="cert-public-verdict">
              {q.data.revokedDate ? (
                <>
                  <CloseCircleFilled aria-hidden /> {t('证书已于 {date} 被学校撤销，不再有效', { date: q.data.revokedDate })}
                </>
              ) : (
                <>
                  <CheckCircleFilled aria-hidden /> {t('证书真实有效')}
                </>
              )}
            </p>
            <dl>
              <dt>{t('姓名')}</dt>
              <dd>{q.data.name}</dd>
              <dt>{t('完成内容')}</dt>
              <dd>{q.data.work}</dd>
              <dt>{t('日期')}</dt>
              <dd>{q.data.date}</dd>
            </dl>
          </section>
        ) : q.error ? (
          <section className="cert-public-result bad" aria-live="polite">
            <p className="cert-public-verdict">
              <CloseCircleFilled aria-hidden /> {q.error.message}
            </p>
          </section>
        ) : null}
        <form className="cert-public-form" onSubmit={submit}>
          <label htmlFor="cert-code">{t('输入证书上的验证码')}</label>
          <div className="cert-public-row">
            <Input id="cert-code" size="large" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={20} autoComplete="off" spellCheck={false} />
            <Button size="large" type="primary" htmlType="submit">
              {t('验证')}
            </Button>
          </div>
        </form>
        <footer className="cert-public-foot">{siteName}</footer>
      </main>
    </div>
  );
}

export default withAntd(VerifyPage);
