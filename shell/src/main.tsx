import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BootFailure } from './app/BootFailure.tsx';
import { loadRuntimeConfig } from './app/config.ts';
import { loadRemoteRoutes, registerShopRemotes } from './app/remotes/remoteRegistry.ts';
import { ShellApp } from './app/ShellApp.tsx';

const root = createRoot(document.getElementById('root')!);

try {
  const config = await loadRuntimeConfig();
  registerShopRemotes(config.remotes);
  // Most visits land on a storefront page: fetch its code now, while React renders the frame.
  // Its failure is shown by the route that needs it, with a Retry.
  if (!window.location.pathname.startsWith('/admin')) loadRemoteRoutes('storefront').catch(() => {});
  root.render(
    <StrictMode>
      <ShellApp config={config} />
    </StrictMode>,
  );
} catch (error) {
  root.render(<BootFailure message={error instanceof Error ? error.message : String(error)} />);
}
