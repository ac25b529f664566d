import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from './providers';
import { lazyPage } from './lazy-page';

function Hello() {
  return <p>hello page</p>;
}

const wrap = (el: React.ReactElement) => render(<AppProviders queryClient={createQueryClient()}>{el}</AppProviders>);

describe('lazyPage', () => {
  it('shows the spinner until the code is in, then the page', async () => {
    let resolve!: (m: { Hello: typeof Hello }) => void;
    const p = lazyPage(() => new Promise<{ Hello: typeof Hello }>((r) => (resolve = r)), 'Hello');
    wrap(p.element);
    expect(screen.getByTestId('page-loader')).toBeInTheDocument();
    resolve({ Hello });
    expect(await screen.findByText('hello page')).toBeInTheDocument();
  });

  it('renders a preloaded page at once, without a spinner frame', async () => {
    const p = lazyPage(async () => ({ Hello }), 'Hello');
    await p.preload();
    wrap(p.element);
    expect(screen.getByText('hello page')).toBeInTheDocument();
    expect(screen.queryByTestId('page-loader')).toBeNull();
  });

  it('loads the code once however often it is asked for', async () => {
    let calls = 0;
    const p = lazyPage(async () => {
      calls++;
      return { Hello };
    }, 'Hello');
    await Promise.all([p.preload(), p.preload()]);
    wrap(p.element);
    expect(calls).toBe(1);
  });
});
