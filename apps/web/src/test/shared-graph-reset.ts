/**
 * Setup of the web tests that share a module graph (vitest.config.ts): with `isolate: false` a
 * worker's files also share one DOM, storage and global object. After each file, what it left
 * behind goes: its mounted React trees, the page's nodes and storage; its timers, stubbed globals
 * and spies are restored. So no file passes or fails on another's leftovers. The styles antd
 * injected into the head stay, as antd's own record of them (shared with the modules) says they
 * are there.
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
