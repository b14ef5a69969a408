import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { PAGES_WITHOUT_API, SIGNED_IN_SHELLS } from './app/route-meta';
import { AppRoutes } from './app/router';
import { setPrerenderedAuth } from './lib/auth/auth-store';
import { watchEarlyInput } from './lib/early-input';
import { loadQueryClient, needsQueryClient } from './lib/query-host';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

async function start(container: HTMLElement) {
  const prerendered = container.hasChildNodes();
  if (prerendered) watchEarlyInput(container);
  // A signed-in page's prerendered shell shows the session being checked (see prerender.tsx).
  if (prerendered && SIGNED_IN_SHELLS.includes(window.location.pathname))
    setPrerenderedAuth('checking');
  // A page that fetches (or a signed-in visitor) gets the query client before the first render,
  // so prerendered HTML hydrates as it was rendered.
  if (needsQueryClient(window.location.pathname, PAGES_WITHOUT_API))
    await loadQueryClient().catch((err: unknown) => console.error(err));
  // Prerendered pages arrive with their HTML: React takes it over instead of drawing it again.
  // As a transition, the first render is done in slices: the page stays responsive meanwhile
  // (an input on a part not yet taken over makes React take that part over first).
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

// In a task of its own: evaluating the app's modules is long enough already.
setTimeout(() => void start(root), 0);
