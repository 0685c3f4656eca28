import type { CheckboxProps } from 'antd';
import { t } from '../../lib/i18n';

/**
 * antd's selection column draws a bare checkbox (or radio) per row with no name, so a screen reader says only
 * "checkbox": give each one a name (`rowSelection.getCheckboxProps`; antd hands these props to the input).
 */
export const namedRowCheckbox = (): Partial<CheckboxProps> => ({ 'aria-label': t('选择此行') }) as Partial<CheckboxProps>;
