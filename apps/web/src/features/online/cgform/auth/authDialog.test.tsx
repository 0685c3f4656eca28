// 权限控制 of an online form against the real server: from the designer's list, a field and a button are put
// under control, a data rule shows in its tab, and in 角色授权 a role is picked and given the rules ticked.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { button, dialog } from '../../../../components/pickers/testing';
import { renderWithProviders } from '../../../../components/tree/testing';
import { choose, typeInto } from '../../../students/backoffice/testing/form';
import { useRealApi } from '../../../students/backoffice/testing/realApi';
import CgformListPage from '../CgformList.page';
import { DESIGNER_CODES, defineSyncedForm, formField } from '../testing';
import OnlineAutoListPage from '../OnlineAutoList.page';

configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();

const defineForm = (tableName: string) =>
  defineSyncedForm(api, { tableName, tableTxt: '学生档案', tableType: 1, formTemplate: '1' }, [
    formField('id', '主键'),
    formField('name', '姓名'),
    formField('score', '成绩', { dbType: 'int', dbLength: 10 }),
    formField('teacher', '班主任'),
  ]);

const tab = (scope: HTMLElement, name: string) => fireEvent.click(within(scope).getByRole('tab', { name }));

describe('权限控制 of an online form (real server)', () => {
  it('puts a field and a button under control, and grants them with a data rule to a role', async () => {
    const formId = await defineForm('auth_pupil');
    expect((await api.call('POST', '/sys/role/add', { roleName: '班主任', roleCode: 'class_teacher' })).success).toBe(true);
    const rule = await api.call('POST', '/online/cgform/api/authData', { cgformId: formId, ruleName: '本班学生', ruleColumn: 'teacher', ruleOperator: '=', ruleValue: '#{sys_user_code}' });
    expect(rule.success).toBe(true);
    api.signIn(DESIGNER_CODES);
    renderWithProviders(
      <MemoryRouter>
        <CgformListPage />
      </MemoryRouter>,
    );
    const row = await waitFor(() => screen.getByText('auth_pupil').closest('tr') as HTMLElement);
    fireEvent.click(within(row).getByText('更多'));
    fireEvent.click(await screen.findByText('权限控制'));
    const box = await waitFor(() => dialog('权限控制：学生档案（auth_pupil）'));

    // 字段权限: 成绩 under control, its three controls ticked
    fireEvent.click(await within(box).findByRole('switch', { name: '启用成绩' }));
    await waitFor(async () => {
      const score = (await api.call('GET', `/online/cgform/api/authColumn/${formId}`)).result.find((f: { code: string }) => f.code === 'score');
      expect(score).toMatchObject({ status: 1, listShow: true, formShow: true, formEditable: true });
    });
    const scoreRow = within(box).getByText('score').closest('tr') as HTMLElement;
    await waitFor(() => expect(within(scoreRow).getAllByRole('checkbox', { checked: true })).toHaveLength(3));

    // 按钮权限: 删除 under control
    tab(box, '按钮权限');
    fireEvent.click(await within(box).findByRole('switch', { name: '启用删除' }));
    await waitFor(async () => expect((await api.call('GET', `/online/cgform/api/authButton/${formId}`)).result.authList).toMatchObject([{ code: 'delete', status: 1 }]));

    // 数据权限: the rule made beforehand is listed in words; another one is added here
    tab(box, '数据权限');
    expect(await within(box).findByText('班主任 等于 #{sys_user_code}')).toBeInTheDocument();
    fireEvent.click(button(box, '新增规则'));
    const ruleForm = await waitFor(() => dialog('新增数据规则'));
    typeInto(ruleForm, '规则名称', '及格');
    await choose(ruleForm, '规则字段', '成绩（score）');
    await choose(ruleForm, '条件规则', '大于等于');
    typeInto(ruleForm, '规则值', '60');
    fireEvent.click(button(ruleForm, '确定'));
    expect(await within(box).findByText('成绩 大于等于 60')).toBeInTheDocument();
    const rules = (await api.call('GET', `/online/cgform/api/authData/${formId}`)).result as Array<Record<string, unknown>>;
    expect(rules.find((r) => r.ruleName === '及格')).toMatchObject({ ruleColumn: 'score', ruleOperator: '>=', ruleValue: '60', status: 1 });

    // 角色授权: pick the role, tick 成绩 in the list and the data rule, save each
    tab(box, '角色授权');
    fireEvent.click(await within(box).findByText('class_teacher'));
    fireEvent.click(await within(box).findByLabelText('成绩-列表可见'));
    fireEvent.click(button(box, '保存'));
    const roleId = (await api.call('GET', '/sys/role/list?roleCode=class_teacher')).result.records[0].id as string;
    await waitFor(async () => expect((await api.call('GET', `/online/cgform/api/roleAuth?roleId=${roleId}&cgformId=${formId}&type=1`)).result).toHaveLength(1));
    tab(within(box).getByText('class_teacher').closest('.ant-row') as HTMLElement, '数据权限');
    fireEvent.click(await within(box).findByLabelText('本班学生'));
    // the field tab's pane stays rendered (hidden): the data tab's 保存 is the last one
    const saves = [...box.querySelectorAll('button')].filter((b) => (b.textContent ?? '').replace(/\s/g, '') === '保存');
    fireEvent.click(saves[saves.length - 1]);
    await waitFor(async () =>
      expect((await api.call('GET', `/online/cgform/api/roleAuth?roleId=${roleId}&cgformId=${formId}&type=3`)).result.map((r: { authId: string }) => r.authId)).toEqual([rule.result]),
    );
    // a long walk through one dialog: on a loaded machine it needs more than the default minute
  }, 150_000);

  it('leaves a field and a button under rule off the generated page of a user not granted them', async () => {
    const formId = await defineForm('auth_grade');
    expect((await api.call('PUT', '/online/cgform/api/authColumn', { cgformId: formId, code: 'score', status: 1 })).success).toBe(true);
    expect((await api.call('POST', '/online/cgform/api/authButton', { cgformId: formId, code: 'delete', page: 3 })).success).toBe(true);
    expect((await api.call('POST', `/online/cgform/api/form/${formId}`, { name: '小明', score: 90, teacher: 'admin' })).success).toBe(true);
    // granted to nobody: the administrator too is without them
    api.signIn(['list', 'add', 'edit', 'delete'].map((a) => `online:form:auth_grade:${a}`));
    renderWithProviders(
      <MemoryRouter initialEntries={[`/online/cgformList/${formId}`]}>
        <OnlineAutoListPage />
      </MemoryRouter>,
    );
    const pupil = await waitFor(() => screen.getByText('小明').closest('tr') as HTMLElement);
    expect(within(pupil).getByText('编辑')).toBeInTheDocument();
    expect(within(pupil).queryByText('删除')).toBeNull();
    expect(within(pupil).queryByText('90')).toBeNull();
    expect(screen.queryAllByText('成绩', { selector: 'th, th *' })).toEqual([]);
    expect(screen.getAllByText('姓名', { selector: 'th, th *' }).length).toBeGreaterThan(0);
  });
});
