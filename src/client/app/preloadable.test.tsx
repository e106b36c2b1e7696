// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

afterEach(cleanup);

function Page({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

/** Renders `Component` in a Suspense boundary, as the router does. */
async function firstCommitOf(Component: ComponentType<{ title: string }>) {
  await act(async () => {
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component title="Pay your balance" />
      </Suspense>,
    );
  });
}

describe('preloadable', () => {
  it('renders a preloaded page in the first commit, with no fallback', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const Lazy = preloadable(load);
    await Lazy.preload();

    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await firstCommitOf(Lazy);
    observer.disconnect();

    expect(screen.getByRole('heading', { name: 'Pay your balance' })).toBeInTheDocument();
    expect(shown.some((text) => text.includes('Loading'))).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without a preload, shows the fallback and then the page, loading the module once', async () => {
    let arrive: (module: { default: typeof Page }) => void = () => {};
    const load = vi.fn(
      () =>
        new Promise<{ default: typeof Page }>((resolve) => {
          arrive = resolve;
        }),
    );
    const Lazy = preloadable(load);
    await firstCommitOf(Lazy);
    expect(screen.getByText('Loading')).toBeInTheDocument();

    await act(async () => arrive({ default: Page }));
    expect(await screen.findByRole('heading', { name: 'Pay your balance' })).toBeInTheDocument();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for a module again after it failed to arrive', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Page });
    const Lazy = preloadable(load);
    await expect(Lazy.preload()).rejects.toThrow('chunk failed');

    await Lazy.preload();
    await firstCommitOf(Lazy);
    expect(screen.getByRole('heading', { name: 'Pay your balance' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
