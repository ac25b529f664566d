import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The app's strings, composed at the top (app/i18n.ts), as main.tsx loads them.
import '../app/i18n';
import { setLanguage } from '../lib/current-language';

// Mantine needs matchMedia and ResizeObserver, which jsdom lacks (DESIGN.md section 2).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
// Canvas (signature pad) needs a getContext stub in jsdom.
HTMLCanvasElement.prototype.getContext = vi.fn(() => null) as never;
window.scrollTo = vi.fn() as never;
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A test that speaks Spanish must not leave the next one in Spanish.
  setLanguage('en');
});
