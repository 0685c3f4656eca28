import { configure, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STUDENT_ROLE } from '@anxue/shared';
import { renderWithProviders } from '../../../../components/tree/testing';
import { choose, formItem, typeInto } from '../testing/form';
import { useRealApi } from '../testing/realApi';
import ClassListPage from './ClassList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

const PERMS = ['list', 'add', 'edit', 'delete'].map((a) => `students:class:${a}`);
const dialogTitled = (title: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;

// the member picker lists only the tenant's students: give the account the student role
async function addStudent(username: string) {
  const id = await api.addUser(username);
  const roles = (await api.call('GET', `/sys/role/list?roleCode=${STUDENT_ROLE}`)).result.records as Array<{ id: string; roleCode: string }>;
  const role = roles.find((r) => r.roleCode === STUDENT_ROLE)!;
  const linked = await api.call('POST', '/sys/user/addSysUserRole', { roleId: role.id, userIdList: [id] });
  expect(linked.success, linked.message).toBe(true);
  return id;
}

async function pickUsers(dialog: HTMLElement, label: string, names: string[]) {
  fireEvent.click(within(formItem(dialog, label)).getByRole('button', { name: /选\s*择/ }));
  await screen.findByText('选择用户');
  const picker = dialogTitled('选择用户');
  for (const n of names) fireEvent.click((await within(picker).findAllByText(n))[0]);
  fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
}

describe('班级管理 page (real server)', () => {
  it('creates a class with a teacher and two students picked among the tenant’s users', async () => {
    const teacher = await api.addUser('wanglaoshi');
    const s1 = await addStudent('xuesheng1');
    const s2 = await addStudent('xuesheng2');
    api.signIn(PERMS);
    // the roster import button navigates to the print page
    renderWithProviders(
      <MemoryRouter>
        <ClassListPage />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    await screen.findByText('新增班级');
    const dialog = dialogTitled('新增班级');
    typeInto(dialog, '班级名称', '三年级二班');
    await choose(dialog, '年级', '三年级');
    await pickUsers(dialog, '老师', ['wanglaoshi']);
    await pickUsers(dialog, '学生', ['xuesheng1', 'xuesheng2']);
    expect(within(formItem(dialog, '学生')).getByDisplayValue('xuesheng1,xuesheng2')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: '三年级二班' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '三年级' })).toBeInTheDocument();

    const id = (await api.call('GET', '/students/class/list?pageNo=1&pageSize=10')).result.records[0].id;
    const detail = (await api.call('GET', `/students/class/queryById?id=${id}`)).result;
    expect(detail.teacherIds).toEqual([teacher]);
    expect([...detail.studentIds].sort()).toEqual([s1, s2].sort());
    expect(detail.grade).toBe('3');
  }, 120_000);
});
