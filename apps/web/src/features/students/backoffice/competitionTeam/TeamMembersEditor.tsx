// A team's members, chosen among the tenant's users, and which one is the captain.
import { Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { UserPicker } from '../../../../components/pickers';
import { t } from '../../../../lib/i18n';

export interface TeamMemberDraft {
  userId: string;
  memberRole: 'captain' | 'member';
  /** shown only; not sent */
  realname?: string | null;
}

export const membersRule: Rule = {
  validator: async (_r, value: TeamMemberDraft[] | undefined) => {
    if (value?.length && value.filter((m) => m.memberRole === 'captain').length !== 1) throw new Error(t('队伍必须有且只有一名队长'));
  },
};

export function TeamMembersEditor({ value, onChange }: { value?: TeamMemberDraft[]; onChange?: (v: TeamMemberDraft[]) => void }) {
  const members = value ?? [];
  const captain = members.find((m) => m.memberRole === 'captain')?.userId;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <UserPicker
        store="id"
        placeholder={t('请选择队员')}
        value={members.map((m) => m.userId).join(',')}
        onChange={(ids, users) => {
          const known = new Map(members.map((m) => [m.userId, m]));
          const next = (ids ? ids.split(',') : []).map((id) => {
            const user = users.find((u) => u.id === id);
            return { userId: id, memberRole: id === captain ? 'captain' : 'member', realname: user?.realname || user?.username || known.get(id)?.realname } as TeamMemberDraft;
          });
          // a team of one has its captain without asking
          if (next.length === 1) next[0].memberRole = 'captain';
          onChange?.(next);
        }}
      />
      <Select
        aria-label={t('队长')}
        placeholder={t('请选择队长')}
        value={captain}
        disabled={!members.length}
        style={{ width: 240 }}
        options={members.map((m) => ({ value: m.userId, label: m.realname || m.userId }))}
        onChange={(id: string) => onChange?.(members.map((m) => ({ ...m, memberRole: m.userId === id ? 'captain' : 'member' })))}
      />
    </Space>
  );
}
