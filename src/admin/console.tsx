// The console's entry: src/app/startup.ts imports this only on /admin, so none of it is in the
// player's first screen. Same providers as the shell (Mantine theme, React Query defaults).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/queryClient';
import { AdminApp } from './AdminApp';

export function mountConsole(root: HTMLElement): void {
  document.title = 'TripShell console';
  document.documentElement.style.overflow = 'auto';
  createRoot(root).render(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <AdminApp />
      </Providers>
    </StrictMode>,
  );
}
