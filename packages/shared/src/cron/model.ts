import type { CronFieldName } from './fields';

/** One comma-separated item of a field. */
export type CronPart =
  | { kind: 'any' } // *
  | { kind: 'none' } // ? (day and week only)
  | { kind: 'value'; value: number }
  | { kind: 'range'; start: number; end: number } // a-b
  | { kind: 'step'; start: number | '*'; end?: number; step: number } // a/n, a-b/n, */n
  | { kind: 'last'; offset: number } // day: L (offset 0), L-n
  | { kind: 'lastWeekday' } // day: LW
  | { kind: 'nearestWeekday'; day: number } // day: nW
  | { kind: 'lastOfWeek'; weekday: number } // week: nL
  | { kind: 'nthOfWeek'; weekday: number; nth: number }; // week: n#k

export type CronModel = Record<CronFieldName, CronPart[]>;

export type CronParseResult =
  | { ok: true; model: CronModel }
  | { ok: false; error: string; field?: CronFieldName };

/** Parts that must stand alone in their field. */
export function isSolePart(part: CronPart): boolean {
  return part.kind !== 'any' && part.kind !== 'value' && part.kind !== 'range' && part.kind !== 'step';
}

export function isNotSet(parts: CronPart[]): boolean {
  return parts.length === 1 && parts[0].kind === 'none';
}
