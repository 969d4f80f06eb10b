import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './lib/query-client';
import { FALLBACK_PATH } from './lib/session/access';
import { SessionProvider } from './lib/session/session-context';
import { createAppRouter } from './router';
import './styles.css';

// A 403 anywhere sends the visitor to /create-flashcards (spec 01 §2.1); the handler needs the router.
const queryClient = createQueryClient(() => {
  void router.navigate({ to: FALLBACK_PATH });
});
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
