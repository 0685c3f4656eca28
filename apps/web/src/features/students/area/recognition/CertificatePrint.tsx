// /students/certificate/:id: one of the student's own certificates, with a print button (A4, see certificate.css).
import { useQuery } from '@tanstack/react-query';
import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useParams } from 'react-router';
import { t } from '../../../../lib/i18n';
import { AREA_ROOT } from '../areaMenu';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { Notice } from '../components/ui';
import { certificateApi } from './api';
import { CertificateSheet } from './CertificateSheet';
import './certificate.css';

export default function CertificatePrint() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: ['study', 'certificate', id], queryFn: () => certificateApi.one(id) });
  return (
    <div className="cert-page">
      <div className="cert-actions">
        <PageTitle
          title={t('证书')}
          back={{ to: AREA_ROOT, label: t('学习园地') }}
          extra={
            q.data &&
            !q.data.revokedDate && (
              <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
                {t('打印')}
              </Button>
            )
          }
        />
      </div>
      <QueryState query={q}>
        {(c) =>
          // a revoked certificate is not shown as one to print: its code would only tell a checker it was revoked
          c.revokedDate ? (
            <Notice type="warning" message={t('这张证书已于 {date} 被学校撤销', { date: c.revokedDate })} description={t('如有疑问，请问问老师。')} />
          ) : (
            <CertificateSheet c={c} />
          )
        }
      </QueryState>
    </div>
  );
}
