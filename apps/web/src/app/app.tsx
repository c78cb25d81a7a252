import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { authSession } from '../lib/auth-session';
import { Providers } from './providers';
import { router } from './router';

export function App() {
  useEffect(() => {
    void authSession.restore();
  }, []);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
