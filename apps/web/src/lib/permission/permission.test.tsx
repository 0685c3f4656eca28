import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setPermissions } from '../session/store';
import type { AllAuthEntry, AuthEntry } from '../types';
import { filterByPrefix, hasPermission, isDisabled, unauthorisedByPrefix } from './rules';
import { Authorized } from './usePermission';

const allAuth: AllAuthEntry[] = [
  { action: 'user:add', type: '1', status: '1' },
  { action: 'user:export', type: '1', status: '0' },
  { action: 'user:edit', type: '2', status: '1' },
  { action: 'user:frozen', type: '2', status: '0' },
  { action: 'demo:name', type: '1', status: '1' },
  { action: 'demo:age', type: '1', status: '1' },
  { action: 'demo:sex', type: '1', status: '0' },
];

describe('has-permission rule', () => {
  it('shows an element only when the user holds the action (type not 2)', () => {
    const auth: AuthEntry[] = [{ action: 'user:add', type: '1' }];
    expect(hasPermission('user:add', auth, allAuth)).toBe(true);
    expect(hasPermission('user:delete', auth, allAuth)).toBe(false);
    expect(hasPermission('user:add', [], allAuth)).toBe(false);
    // a type-2 entry does not grant visibility
    expect(hasPermission('user:edit', [{ action: 'user:edit', type: '2' }], allAuth)).toBe(false);
  });

  it('keeps the element for everyone when the configured entry has status 0', () => {
    expect(hasPermission('user:export', [], allAuth)).toBe(true);
  });

  it('type 2 disables unless granted; status 0 or no configuration leaves it enabled', () => {
    expect(isDisabled('user:edit', [], allAuth)).toBe(true);
    expect(isDisabled('user:edit', [{ action: 'user:edit', type: '2' }], allAuth)).toBe(false);
    expect(isDisabled('user:frozen', [], allAuth)).toBe(false);
    expect(isDisabled('not:configured', [], allAuth)).toBe(false);
  });

  it('type 1 entries are matched by prefix for columns', () => {
    const auth: AuthEntry[] = [{ action: 'demo:name', type: '1' }];
    expect(unauthorisedByPrefix('demo:', auth, allAuth)).toEqual(['age']);
    const cols = [{ key: 'name' }, { key: 'age' }, { key: 'sex' }, { key: 'other' }];
    expect(filterByPrefix(cols, 'demo:', (c) => c.key, auth, allAuth).map((c) => c.key)).toEqual(['name', 'sex', 'other']);
  });

  it('<Authorized> renders children only with the permission', () => {
    act(() => setPermissions({ menu: [], auth: [{ action: 'user:add', type: '1' }], allAuth }));
    render(
      <>
        <Authorized code="user:add">
          <button>新增</button>
        </Authorized>
        <Authorized code="user:delete">
          <button>删除</button>
        </Authorized>
      </>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
  });
});
