import { CRON_FIELDS } from './fields';
import type { CronModel, CronPart } from './model';

export function formatPart(part: CronPart): string {
  switch (part.kind) {
    case 'any':
      return '*';
    case 'none':
      return '?';
    case 'value':
      return String(part.value);
    case 'range':
      return `${part.start}-${part.end}`;
    case 'step': {
      const base = part.end === undefined ? String(part.start) : `${part.start}-${part.end}`;
      return `${base}/${part.step}`;
    }
    case 'last':
      return part.offset === 0 ? 'L' : `L-${part.offset}`;
    case 'lastWeekday':
      return 'LW';
    case 'nearestWeekday':
      return `${part.day}W`;
    case 'lastOfWeek':
      return `${part.weekday}L`;
    case 'nthOfWeek':
      return `${part.weekday}#${part.nth}`;
  }
}

/** Seven space-separated fields; the year is always written (`*` when the model has none). */
export function formatCron(model: CronModel): string {
  return CRON_FIELDS.map((field) => {
    const parts = model[field];
    return parts && parts.length > 0 ? parts.map(formatPart).join(',') : '*';
  }).join(' ');
}
