// The sign-in pages and the 404 page in English (issue 17), on the real server: password, phone and QR
// sign-in, registration and password recovery show no Chinese, the page title is English, and a
// validation message of the form arrives in English too.
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CJK } from '@anxue/shared/i18n';
import { App } from '../../app/App';
import { setLocaleForTest } from '../../lib/i18n';
import { useRealApi } from '../students/backoffice/testing/realApi';
import NotFoundPage from '../exception/NotFoundPage';

configure({ asyncUtilTimeout: 30_000 });
useRealApi({ env: { REGISTRATION: 'on', LOGIN_CAPTCHA: 'off' } });
beforeAll(async () => {
  window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, captcha: false, title: '安学云' };
  await setLocaleForTest('en-US');
});
afterAll(() => setLocaleForTest('zh-CN'));

/** Visible text plus what assistive technology reads (labels, placeholders, titles, alt texts). */
function everything(): string {
  const attrs = [...document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap((n) =>
    ['aria-label', 'placeholder', 'title', 'alt'].map((a) => n.getAttribute(a) ?? ''),
  );
  return [document.body.textContent ?? '', ...attrs].join(' ');
}
const chineseWords = () => everything().split(/\s+/).filter((w) => CJK.test(w));

const open = (path: string) => {
  window.history.pushState({}, '', path);
  return render(<App />);
};

describe('sign-in pages in English', () => {
  it('password, phone and QR sign-in', async () => {
    const view = open('/user/login');
    expect(await screen.findByRole('tab', { name: 'Sign in with password' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in · Anxue Cloud'));
    expect(screen.getByText('Anxue Cloud')).toBeInTheDocument();
    expect(screen.getByText('Forgot password')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Sign in$/ }));
    expect(await screen.findByText('Enter the username')).toBeInTheDocument();
    expect(chineseWords()).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: 'Sign in with phone' }));
    expect(await screen.findByPlaceholderText('Enter the mobile number')).toBeInTheDocument();
    expect(chineseWords()).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: 'Sign in with QR code' }));
    expect(await screen.findByText(/Scan the code with a phone/)).toBeInTheDocument();
    expect(chineseWords()).toEqual([]);
    view.unmount();
  }, 60_000);

  it('registration and password recovery', async () => {
    const register = open('/user/register');
    expect(await screen.findByText('Register', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Register · Anxue Cloud'));
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '123' } });
    expect(await screen.findByText('Enter a valid mobile number')).toBeInTheDocument();
    expect(chineseWords()).toEqual([]);
    register.unmount();

    const recover = open('/user/alteration');
    expect(await screen.findByText('Recover password', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.getByText('Verify phone')).toBeInTheDocument();
    expect(chineseWords()).toEqual([]);
    recover.unmount();
  }, 60_000);

  it('the 404 page', async () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeInTheDocument();
    expect(chineseWords()).toEqual([]);
  });
});
