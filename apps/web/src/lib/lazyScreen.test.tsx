import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazyScreen';

const Page = ({ name }: { name: string }) => <p>页面 {name}</p>;

describe('lazyScreen', () => {
  it('draws a screen whose code was fetched ahead in the first commit, without the fallback', async () => {
    const Screen = lazyScreen(async () => ({ default: Page }));
    await Screen.load();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Screen name="一" />
      </Suspense>,
    );
    // no await: what the first commit put on the page
    expect(screen.getByText('页面 一')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('shows the fallback while the code is on its way, then the screen; load() fetches once', async () => {
    let calls = 0;
    let arrive!: () => void;
    const Screen = lazyScreen(() => {
      calls += 1;
      return new Promise<{ default: typeof Page }>((done) => (arrive = () => done({ default: Page })));
    });
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Screen name="二" />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    void Screen.load();
    await act(async () => arrive());
    expect(await screen.findByText('页面 二')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('a failed fetch is tried again by the next load', async () => {
    let calls = 0;
    const Screen = lazyScreen(async () => {
      calls += 1;
      if (calls === 1) throw new Error('网络断开');
      return { default: Page };
    });
    await expect(Screen.load()).rejects.toThrow('网络断开');
    await expect(Screen.load()).resolves.toEqual({ default: Page });
    expect(calls).toBe(2);
  });
});
