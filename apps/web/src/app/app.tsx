import '../styles/global.css';
import '../styles/shell.css';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { authSession } from '../lib/auth-session';
import { Providers } from './providers';
import { router } from './router';
import { AppErrorBoundary } from './status/app-error-boundary';

export function App() {
  useEffect(() => {
    void authSession.restore();
  }, []);
  return (
    <Providers>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </Providers>
  );
}
