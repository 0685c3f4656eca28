import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ellipsis, EllipsisText } from './EllipsisText';

const long = '安全教育平台通知：本周五下午三点在学校礼堂举行全校消防安全演练，请各班准时参加';

describe('EllipsisText', () => {
  it('cuts text longer than 25 characters and ends with …', () => {
    render(<EllipsisText value={long} />);
    const shown = `${Array.from(long).slice(0, 25).join('')}…`;
    expect(screen.getByText(shown)).toBeInTheDocument();
    expect(Array.from(shown)).toHaveLength(26);
  });

  it('keeps text of at most the length as it is, without a tooltip', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const exact = 'x'.repeat(25);
    render(<EllipsisText value={exact} />);
    await user.hover(screen.getByText(exact));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the full text in a tooltip on hover', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<EllipsisText length={5}>{long}</EllipsisText>);
    await user.hover(screen.getByText('安全教育平…'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
  });

  it('counts characters, not UTF-16 units; empty values show nothing', () => {
    expect(ellipsis('😀😀😀', 2)).toBe('😀😀…');
    expect(ellipsis('abc', 3)).toBe('abc');
    const { container } = render(<EllipsisText value={null} />);
    expect(container).toHaveTextContent('');
  });
});
