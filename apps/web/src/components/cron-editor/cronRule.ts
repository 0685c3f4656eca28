import { validateCron } from '@anxue/shared/cron/index';
import { t } from '../../lib/i18n';

/** A Form.Item rule that shows the parser's Chinese message for an invalid expression. */
export const cronRule = {
  validator: async (_: unknown, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') return;
    const error = validateCron(value);
    if (error) throw new Error(t(error));
  },
};
