import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import { typeInto } from '../testing/form';
import { useRealApi } from '../testing/realApi';
import CertificateListPage from './CertificateList.page';

configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

type Db = { insertInto(t: string): { values(v: object): { execute(): Promise<unknown> } } };
const dialogTitled = (title: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;

describe('证书管理 page (real server)', () => {
  it('revokes a certificate with a reason, then restores it; the links need the revoke code', async () => {
    const student = await api.addUser('xiaowang');
    await (api.db() as Db)
      .insertInto('stuCertificate')
      .values({ id: 'cert-page-1', tenantId: 1000, userId: student, kind: 'course', refId: 'course-x', title: '防火安全', realname: '王小明', school: '阳光小学', issuedDate: '2026-11-30', code: 'ABCDEFGHJKLM', createTime: '2026-11-30 10:00:00' })
      .execute();
    const check = async () => (await api.call('GET', '/students/certificate/verify/ABCD-EFGH-JKLM')).result as { revokedDate: string | null };

    api.signIn(['students:certificate:list']);
    const first = renderWithProviders(<CertificateListPage />);
    const row0 = (await screen.findByRole('cell', { name: '防火安全' })).closest('tr')!;
    expect(within(row0).getByRole('cell', { name: 'ABCD-EFGH-JKLM' })).toBeInTheDocument();
    expect(within(row0).getByRole('cell', { name: '有效' })).toBeInTheDocument();
    expect(within(row0).queryByText('撤销')).not.toBeInTheDocument();
    first.unmount();

    api.signIn(['students:certificate:list', 'students:certificate:revoke']);
    renderWithProviders(<CertificateListPage />);
    const row = (await screen.findByRole('cell', { name: '防火安全' })).closest('tr')!;
    fireEvent.click(within(row).getByText('撤销'));
    await screen.findByText('撤销证书：王小明 · 防火安全');
    const dialog = dialogTitled('撤销证书：王小明 · 防火安全');
    // a reason is required
    fireEvent.click(within(dialog).getByRole('button', { name: /撤\s*销/ }));
    expect(await within(dialog).findByText('请填写撤销原因')).toBeInTheDocument();
    typeInto(dialog, '撤销原因', '学习记录记到了别的同学名下');
    fireEvent.click(within(dialog).getByRole('button', { name: /撤\s*销/ }));
    expect(await screen.findByText('证书已撤销')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('cell', { name: '防火安全' }).closest('tr')!).getByRole('cell', { name: '已撤销' })).toBeInTheDocument());
    expect(within(screen.getByRole('cell', { name: '防火安全' }).closest('tr')!).getByRole('cell', { name: '学习记录记到了别的同学名下' })).toBeInTheDocument();
    expect((await check()).revokedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.click(within(screen.getByRole('cell', { name: '防火安全' }).closest('tr')!).getByText('恢复'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('证书已恢复')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('cell', { name: '防火安全' }).closest('tr')!).getByRole('cell', { name: '有效' })).toBeInTheDocument());
    expect((await check()).revokedDate).toBeNull();
  }, 120_000);
});
