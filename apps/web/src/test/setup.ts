import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each test starts from an empty document, with no stubbed fetch left over.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
