import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { reloadSessionFromStorage } from '@/lib/session';

// Lazy chunks (charts) can take over a second to load in jsdom when CI's two cores are busy:
// findBy/waitFor wait up to 5 s instead of 1 s. A passing test is as fast as before.
configure({ asyncUtilTimeout: 5_000 });

// What Mantine needs from a browser that jsdom does not provide.
const { getComputedStyle } = window;
window.getComputedStyle = (element, pseudo) => getComputedStyle(element, pseudo);
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = (() => {}) as typeof window.scrollTo;
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList,
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

afterEach(() => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  reloadSessionFromStorage();
});
