// Data-rule conditions (the server's DATA_RULE_CONDITIONS) and the variables a rule value may use.
import { t } from '../../../lib/i18n';
export const RULE_CONDITIONS: { value: string; label: string }[] = [
  { value: '=', label: t('等于') },
  { value: '!=', label: t('不等于') },
  { value: '>', label: t('大于') },
  { value: '>=', label: t('大于等于') },
  { value: '<', label: t('小于') },
  { value: '<=', label: t('小于等于') },
  { value: 'IN', label: t('在...中') },
  { value: 'LIKE', label: t('包含') },
  { value: 'LEFT_LIKE', label: t('左模糊') },
  { value: 'RIGHT_LIKE', label: t('右模糊') },
  { value: 'EMPTY', label: t('为空') },
  { value: 'NOT_EMPTY', label: t('不为空') },
];

/** Conditions that compare with nothing: the rule value is not asked for. */
export const VALUELESS_CONDITIONS = new Set(['EMPTY', 'NOT_EMPTY']);

export const conditionText = (c: string) => RULE_CONDITIONS.find((o) => o.value === c)?.label ?? c;

export const RULE_VARIABLES_HINT = t('可用系统变量：#{sys_user_code} 当前用户账号，#{sys_org_code} 当前部门编码');

/** A table column name only (never SQL); the server accepts the same. */
export const RULE_COLUMN_PATTERN = /^[a-z_][a-z0-9_]*$/;
export const RULE_COLUMN_MESSAGE = t('规则字段只能是小写字母、数字和下划线组成的列名');
