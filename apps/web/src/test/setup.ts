import { cleanup } from '@testing-library/react';
import { Storage } from 'happy-dom';
import { afterEach, vi } from 'vitest';

// Node.js 25 and later have a `localStorage` of their own on the global object (empty, without
// `--localstorage-file`), which keeps the test environment from putting the DOM's in its place:
// the pages then find no working storage. Give them one, as a browser would.
for (const name of ['localStorage', 'sessionStorage'] as const) {
  if (typeof globalThis[name]?.clear === 'function') continue;
  const storage = new Storage();
  for (const target of new Set<object>([globalThis, window]))
    Object.defineProperty(target, name, { value: storage, configurable: true, writable: true });
}

// Each test starts from an empty document, with no stubbed fetch left over.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
