// antd Form rules built from the shared patterns and messages (spec/02 §5 "Builders"): required with
// optional min/max length, required select, checkbox group with min/max picks, and the named patterns.
import type { Rule } from 'antd/es/form';
import { FORM_PATTERNS, maxLengthMessage, maxSelectMessage, minLengthMessage, minSelectMessage, type FormPatternName } from '@anxue/shared';
import { t } from './i18n';

interface LengthBounds {
  min?: number;
  max?: number;
}

function lengthRules({ min, max }: LengthBounds): Rule[] {
  const rules: Rule[] = [];
  if (min !== undefined) rules.push({ min, message: t(minLengthMessage(min)) });
  if (max !== undefined) rules.push({ max, message: t(maxLengthMessage(max)) });
  return rules;
}

export const formRules = {
  /** 请输入<label>! plus the length bounds. */
  required: (label: string, bounds: LengthBounds = {}): Rule[] => [{ required: true, message: t('请输入{label}!', { label: t(label) }) }, ...lengthRules(bounds)],
  /** Length bounds of an optional text. */
  length: (bounds: LengthBounds): Rule[] => lengthRules(bounds),
  /** 请选择<label>! */
  requiredSelect: (label: string): Rule[] => [{ required: true, message: t('请选择{label}!', { label: t(label) }) }],
  /** A checkbox group: something must be picked, and at least / at most so many. */
  checkboxGroup: (label: string, { min, max }: LengthBounds = {}): Rule[] => [
    { required: true, type: 'array', message: t('请选择{label}!', { label: t(label) }) },
    ...(min !== undefined ? [{ type: 'array' as const, min, message: t(minSelectMessage(min)) }] : []),
    ...(max !== undefined ? [{ type: 'array' as const, max, message: t(maxSelectMessage(max)) }] : []),
  ],
  /** One of the named patterns with its own message; empty values pass unless `required` names the field. */
  pattern: (name: FormPatternName, required?: string): Rule[] => [
    ...(required ? [{ required: true, message: t('请输入{label}!', { label: t(required) }) }] : []),
    { pattern: FORM_PATTERNS[name].pattern, message: t(FORM_PATTERNS[name].message) },
  ],
};
