// A form rule asking GET /sys/duplicate/check whether a value is already taken (empty values pass
// without a call; the row being edited does not count against itself).
import type { RuleObject } from 'antd/es/form';
import { http, HttpError } from '../../lib/http';
import { t } from '../../lib/i18n';

export interface DuplicateCheck {
  tableName: string;
  fieldName: string;
  /** The id of the row being edited. */
  dataId?: string;
}

export function duplicateRule({ tableName, fieldName, dataId }: DuplicateCheck): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      try {
        await http.get('/sys/duplicate/check', { tableName, fieldName, fieldVal: String(value), dataId: dataId ?? '' }, { silent: true });
      } catch (e) {
        throw new Error(e instanceof HttpError ? e.message : t('校验失败'));
      }
    },
  };
}
