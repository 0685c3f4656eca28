// antd rules over the shared patterns (spec/01 §5) for the register and alteration forms.
import type { Rule } from 'antd/es/form';
import { FORM_PATTERNS, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT, REQUIRED_MESSAGES, checkUsername } from '@anxue/shared/validation';
import { t } from '../../lib/i18n';

export const usernameRules: Rule[] = [
  { validator: (_r, v: string | undefined) => (checkUsername(v) ? Promise.reject(new Error(t(checkUsername(v)!))) : Promise.resolve()) },
];
export const mobileRules = (optional = false): Rule[] => [
  ...(optional ? [] : [{ required: true, message: t(REQUIRED_MESSAGES.mobile) }]),
  { pattern: FORM_PATTERNS.mobile.pattern, message: t(FORM_PATTERNS.mobile.message) },
];
// a rule function, so the message is looked up in the language of the moment, not when the module loads
export const emailRules: Rule[] = [() => ({ pattern: FORM_PATTERNS.email.pattern, message: t(FORM_PATTERNS.email.message) })];
export const passwordRules = (required: string = REQUIRED_MESSAGES.newPassword): Rule[] => [
  { required: true, message: t(required) },
  { min: PASSWORD_MIN_LENGTH, message: t(PASSWORD_TOO_SHORT) },
];
export const confirmRules = (field = 'password'): Rule[] => [
  { required: true, message: t(REQUIRED_MESSAGES.confirmPassword) },
  ({ getFieldValue }) => ({
    validator: (_r, v) => (!v || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t('两次输入的密码不一样！')))),
  }),
];
