// The certificate itself, as printed on A4 and as shown on screen: the school, the student's name, what was
// completed, the date, and the code with a QR code to its public page.
import { QRCode } from 'antd';
import type { CertificateKind } from '@anxue/shared';
import { t } from '../../../../lib/i18n';
import { verifyAddress } from './api';

export interface SheetFacts {
  kind: CertificateKind;
  title: string;
  realname: string;
  school: string;
  issuedDate: string;
  code: string;
}

const dateText = (d: string) => {
  const [y, m, day] = d.split('-').map(Number);
  return t('{y}年{m}月{d}日', { y: y ?? '', m: m ?? '', d: day ?? '' });
};

export function CertificateSheet({ c }: { c: SheetFacts }) {
  const address = verifyAddress(c.code);
  return (
    <article className="cert-sheet" aria-label={t('证书')}>
      <div className="cert-frame">
        <div className="cert-school">{c.school}</div>
        <h1 className="cert-heading">{t('学习证书')}</h1>
        <p className="cert-name">
          <strong>{c.realname}</strong> {t('同学：')}
        </p>
        <p className="cert-body">
          {c.kind === 'course' ? t('完成了课程《{title}》的全部学习，', { title: c.title }) : t('完成了专题活动《{title}》的学习与测验，', { title: c.title })}
          {t('特发此证，以资鼓励。')}
        </p>
        <div className="cert-sign">
          <div>{c.school}</div>
          <div>{dateText(c.issuedDate)}</div>
        </div>
        <div className="cert-verify">
          <QRCode type="svg" value={address} size={112} bordered={false} color="#000" bgColor="#fff" aria-label={t('验证二维码')} />
          <div className="cert-verify-text">
            <div>
              {t('验证码')} <span className="cert-code">{c.code}</span>
            </div>
            <div className="cert-address">{t('扫码或打开 {address} 验证', { address })}</div>
          </div>
        </div>
      </div>
    </article>
  );
}
