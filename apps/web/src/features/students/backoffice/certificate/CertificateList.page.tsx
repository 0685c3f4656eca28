// 证书管理: the certificates the tenant's students earned, listed and exported; one issued by mistake is
// revoked (with a reason the back-office keeps) and may be restored.
import { useState } from 'react';
import { ResourcePage, resourceApi, type ListColumn } from '../../../../components/list-page';
import { message } from '../../../../lib/antd/static';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';
import { studentsPermission, TITLE_QUERY } from '../common';
import { RESTORE_URL, RevokeModal, type RevokedCertificate } from './RevokeModal';

export interface CertificateRow extends RevokedCertificate {
  kind: 'course' | 'activity';
  issuedDate: string;
  code: string;
  revokedAt: string | null;
  revokedBy: string | null;
  revokeReason: string | null;
  createTime?: string;
}

const ENTITY = 'certificate';
const PERM = studentsPermission(ENTITY);
const API = resourceApi(`/students/${ENTITY}`, ['list', 'exportXls', 'queryById']);
const KIND_TEXT: Record<CertificateRow['kind'], string> = { course: '课程', activity: '专题活动' };

const COLUMNS: ListColumn<CertificateRow>[] = [
  { title: '姓名', dataIndex: 'realname', width: 110 },
  { title: '类型', dataIndex: 'kind', width: 90, render: (v: unknown) => t(KIND_TEXT[v as CertificateRow['kind']] ?? String(v)) },
  { title: '完成内容', dataIndex: 'title', align: 'left' },
  { title: '完成日期', dataIndex: 'issuedDate', width: 110 },
  { title: '验证码', dataIndex: 'code', width: 150 },
  { title: '状态', dataIndex: 'revokedAt', width: 90, render: (v: unknown) => (v ? t('已撤销') : t('有效')) },
  { title: '撤销原因', dataIndex: 'revokeReason', width: 180 },
  { title: '撤销人', dataIndex: 'revokedBy', width: 100 },
];

export default function CertificateListPage() {
  const [revoking, setRevoking] = useState<CertificateRow | undefined>();
  return (
    <ResourcePage<CertificateRow>
      title={t('证书')}
      permission={PERM}
      api={API}
      columns={COLUMNS}
      exportName={t('证书')}
      selectable={false}
      actionWidth={90}
      query={[{ name: 'realname', label: '姓名', rule: 'like' }, { ...TITLE_QUERY, label: '完成内容' }]}
      rowActions={(row, page) => [
        { key: 'revoke', label: t('撤销'), permission: `${PERM}:revoke`, hidden: !!row.revokedAt, onClick: () => setRevoking(row) },
        {
          key: 'restore',
          label: t('恢复'),
          permission: `${PERM}:revoke`,
          hidden: !row.revokedAt,
          confirm: t('恢复后，这张证书重新有效。确定恢复吗?'),
          onClick: () =>
            void http.raw.post(RESTORE_URL, { id: row.id }).then(
              (res) => {
                void message.success(res.message || t('操作成功'));
                void page.list.reload();
              },
              () => undefined,
            ),
        },
      ]}
      extra={(page) => <RevokeModal certificate={revoking} onClose={() => setRevoking(undefined)} onSaved={() => void page.list.reload()} />}
    />
  );
}
