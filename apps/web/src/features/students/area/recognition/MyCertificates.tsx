// 我的证书 on the student home: each finished course or activity's certificate, opened to print.
import { useQuery } from '@tanstack/react-query';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { t } from '../../../../lib/i18n';
import { QueryState } from '../components/QueryState';
import { certificateApi } from './api';
import './certificate.css';

export const KIND_TEXT = { course: '课程', activity: '专题活动' } as const;

export function MyCertificates() {
  const q = useQuery({ queryKey: ['study', 'certificates'], queryFn: certificateApi.mine });
  return (
    <section className="area-section" aria-labelledby="my-certificates">
      <h2 id="my-certificates" className="area-section-title">
        {t('我的证书')}
      </h2>
      <QueryState query={q}>
        {(list) =>
          list.length === 0 ? (
            <div className="area-muted">{t('学完一门课程或完成一个专题活动，就能得到证书。')}</div>
          ) : (
            <ul className="cert-list">
              {list.map((c) => (
                <li key={c.id}>
                  <Link to={`/students/certificate/${c.id}`} className="cert-row">
                    <SafetyCertificateOutlined className="cert-row-icon" aria-hidden />
                    <span className="cert-row-text">
                      <span className="cert-row-title">{c.title}</span>
                      <span className="area-muted">
                        {t(KIND_TEXT[c.kind])} · {c.issuedDate}
                      </span>
                    </span>
                    {c.revokedDate ? <span className="cert-row-revoked">{t('已撤销')}</span> : <span className="cert-row-open">{t('查看')}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
