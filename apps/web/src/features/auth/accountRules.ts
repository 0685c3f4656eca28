// antd rules over the shared patterns (spec/01 §5) for the register and alteration forms.
import type { Rule } from 'antd/es/form';
import { FORM_PATTERNS, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT, REQUIRED_MESSAGES, checkUsername } from '@anxue/shared/validation';

export const usernameRules: Rule[] = [
  { validator: (_r, v: string | undefined) => (checkUsername(v) ? Promise.reject(new Error(checkUsername(v))) : Promise.resolve()) },
];
export const mobileRules = (optional = false): Rule[] => [
  ...(optional ? [] : [{ required: true, message: REQUIRED_MESSAGES.mobile }]),
  { pattern: FORM_PATTERNS.mobile.pattern, message: FORM_PATTERNS.mobile.message },
];
export const emailRules: Rule[] = [{ pattern: FORM_PATTERNS.email.pattern, message: FORM_PATTERNS.email.message }];
export const passwordRules = (required: string = REQUIRED_MESSAGES.newPassword): Rule[] => [
  { required: true, message: required },
  { min: PASSWORD_MIN_LENGTH, message: PASSWORD_TOO_SHORT },
];
export const confirmRules = (field = 'password'): Rule[] => [
  { required: true, message: REQUIRED_MESSAGES.confirmPassword },
  ({ getFieldValue }) => ({
    validator: (_r, v) => (!v || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！'))),
  }),
];
