import { describe, expect, it } from 'vitest';
import {
  dayModeOf,
  defaultEditorState,
  editorStateToExpression,
  expressionToEditorState,
  selectDayMode,
  updateField,
  type CronEditorState,
} from './editorState';

function stateOf(expr: string): CronEditorState {
  const result = expressionToEditorState(expr);
  if (!result.ok) throw new Error(result.error);
  return result.state;
}

describe('editor state', () => {
  it('defaults to every second', () => {
    expect(editorStateToExpression(defaultEditorState())).toBe('* * * * * ? *');
  });

  it('reads each simple field mode', () => {
    const s = stateOf('0/15 5,10 8-18 * 3/2 ? 2020-2025');
    expect(s.second).toMatchObject({ mode: 2, incrementStart: 0, incrementStep: 15 });
    expect(s.minute).toMatchObject({ mode: 3, specific: [5, 10] });
    expect(s.hour).toMatchObject({ mode: 4, rangeStart: 8, rangeEnd: 18 });
    expect(s.month).toMatchObject({ mode: 2, incrementStart: 3, incrementStep: 2 });
    expect(s.year).toMatchObject({ mode: 4, rangeStart: 2020, rangeEnd: 2025 });
    expect(dayModeOf(s)).toBe(1);
  });

  it.each([
    ['0 0 0 * * ? *', 1],
    ['0 0 0 ? * 2/3 *', 2],
    ['0 0 0 5/10 * ? *', 3],
    ['0 0 0 ? * 2,4,6 *', 4],
    ['0 0 0 ? * 2-6 *', 4],
    ['0 0 0 1,15 * ? *', 5],
    ['0 0 0 L * ? *', 6],
    ['0 0 0 LW * ? *', 7],
    ['0 0 0 ? * 6L *', 8],
    ['0 0 0 L-3 * ? *', 9],
    ['0 0 0 15W * ? *', 10],
    ['0 0 0 ? * 2#3 *', 11],
  ])('reads %s as day mode %i and writes it back', (expr, mode) => {
    const s = stateOf(expr);
    expect(dayModeOf(s)).toBe(mode);
    expect(editorStateToExpression(s)).toBe(expr);
  });

  it('shows mixed lists as the specific values they mean', () => {
    const s = stateOf('1,5-7 0 0 1-3,10 * ? *');
    expect(s.second).toMatchObject({ mode: 3, specific: [1, 5, 6, 7] });
    expect(s.day).toMatchObject({ mode: 5, specific: [1, 2, 3, 10] });
    expect(editorStateToExpression(s)).toBe('1,5,6,7 0 0 1,2,3,10 * ? *');
  });

  it('keeps day and week exclusive when switching day modes', () => {
    let s = stateOf('0 0 0 15 * ? *');
    s = selectDayMode(s, 4);
    expect(editorStateToExpression(s)).toBe('0 0 0 ? * 2 *');
    s = updateField(s, 'week', { specific: [2, 6] });
    expect(editorStateToExpression(s)).toBe('0 0 0 ? * 2,6 *');
    s = selectDayMode(s, 6);
    expect(editorStateToExpression(s)).toBe('0 0 0 L * ? *');
    s = selectDayMode(s, 11);
    expect(editorStateToExpression(s)).toBe('0 0 0 ? * 2#1 *');
  });

  it('turns a week range into the same weekdays when the specific-weekday mode is chosen', () => {
    const s = selectDayMode(selectDayMode(stateOf('0 0 0 ? * 2-4 *'), 8), 4);
    expect(editorStateToExpression(s)).toBe('0 0 0 ? * 2 *');
    const kept = selectDayMode(stateOf('0 0 0 ? * 2-4 *'), 4);
    expect(editorStateToExpression(kept)).toBe('0 0 0 ? * 2-4 *');
  });

  it('sets the next larger unit from * when a smaller unit leaves *', () => {
    let s = defaultEditorState();
    s = updateField(s, 'second', { mode: 3, specific: [30] });
    expect(editorStateToExpression(s)).toBe('30 0 * * * ? *');
    s = updateField(s, 'hour', { mode: 2, incrementStart: 0, incrementStep: 6 });
    expect(editorStateToExpression(s)).toBe('30 0 0/6 1 * ? *');
  });

  it('leaves a larger unit that is not * alone, and does nothing when the field stays *', () => {
    let s = stateOf('* 15 * * * ? *');
    s = updateField(s, 'second', { mode: 4, rangeStart: 0, rangeEnd: 10 });
    expect(editorStateToExpression(s)).toBe('0-10 15 * * * ? *');
    s = updateField(defaultEditorState(), 'second', { incrementStep: 9 });
    expect(editorStateToExpression(s)).toBe('* * * * * ? *');
    // The minute leaving * sets the hour, not the day as well.
    s = updateField(defaultEditorState(), 'minute', { mode: 3, specific: [5] });
    expect(editorStateToExpression(s)).toBe('* 5 0 * * ? *');
  });

  it('reports an unparsable expression', () => {
    expect(expressionToEditorState('0 0 25 * * ?')).toEqual({ ok: false, error: '时字段的值 25 超出范围 0-23' });
  });
});
