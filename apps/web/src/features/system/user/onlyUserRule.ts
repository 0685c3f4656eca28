// Async uniqueness check of username / phone / email / workNo (GET /sys/user/checkOnlyUser).
import type { RuleObject } from 'antd/es/form';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';

export type OnlyUserField = 'username' | 'phone' | 'email' | 'workNo';

export function onlyUserRule(field: OnlyUserField, userId: () => string | undefined): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return; // skipped when empty
      try {
        await http.get('/sys/user/checkOnlyUser', { [field]: String(value), id: userId() }, { silent: true });
      } catch (e) {
        throw new Error(e instanceof Error && e.message ? e.message : t('该值不可用，系统中已存在！'));
      }
    },
  };
}
