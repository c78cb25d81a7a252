import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export type ThemeMode = 'light' | 'dark';
const STORAGE_KEY = 'theme';

interface ThemeModeValue {
  mode: ThemeMode;
  /** True when the user has not chosen and the system preference decides. */
  followsSystem: boolean;
  /** 'system' forgets the stored choice so the system preference decides again. */
  setMode(mode: ThemeMode | 'system'): void;
  toggle(): void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function systemMode(): ThemeMode {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function storedMode(): ThemeMode | null {
  const v = localStorage.getItem(STORAGE_KEY);
  return v === 'light' || v === 'dark' ? v : null;
}

/** Light or dark, stored locally, defaulting to the system preference (part 1 section 2). */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<ThemeMode | null>(storedMode);
  const [system, setSystem] = useState<ThemeMode>(systemMode);

  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!mq) return;
    const onChange = () => setSystem(mq.matches ? 'dark' : 'light');
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const mode = chosen ?? system;
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const setMode = useCallback((next: ThemeMode | 'system') => {
    if (next === 'system') {
      localStorage.removeItem(STORAGE_KEY);
      setChosen(null);
      return;
    }
    localStorage.setItem(STORAGE_KEY, next);
    setChosen(next);
  }, []);
  const value = useMemo<ThemeModeValue>(
    () => ({
      mode,
      followsSystem: chosen === null,
      setMode,
      toggle: () => setMode(mode === 'dark' ? 'light' : 'dark'),
    }),
    [mode, chosen, setMode],
  );
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}

export function useThemeMode(): ThemeModeValue {
  const ctx = useContext(ThemeModeContext);
  if (!ctx) throw new Error('useThemeMode needs ThemeModeProvider');
  return ctx;
}
