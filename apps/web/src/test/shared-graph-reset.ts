/**
 * Setup of the web tests that share a module graph (vitest.config.ts): with `isolate: false` a
 * worker's files also share one DOM, storage and global object. After each file, what it left
 * behind goes: its mounted React trees, the page's nodes, storage, timers, stubs and spies, so
 * that no file can pass or fail on another's leftovers. The styles antd injected into the head
 * stay, as antd's own record of them (shared with the modules) says they are there.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

afterAll(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
