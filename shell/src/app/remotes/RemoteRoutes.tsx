import { Suspense, use, useState, type ReactNode } from 'react';
import { useRuntimeConfig } from '../runtime-config.tsx';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import { ProvidedRemotesContext } from './provided-remotes.ts';
import { RemoteLoading } from './RemoteLoading.tsx';
import { forgetRemote, loadRemoteRoutes, type RemoteName } from './remoteRegistry.ts';

interface RemoteRoutesProps {
  name: RemoteName;
  title: string;
  notFound: ReactNode;
}

function LoadedRemote({ name, notFound }: { name: RemoteName; notFound: ReactNode }) {
  const config = useRuntimeConfig();
  const Routes = use(ProvidedRemotesContext)[name] ?? use(loadRemoteRoutes(name)).default;
  return <Routes notFound={notFound} config={config} />;
}

/** Renders a remote's routes inside the frame; when the remote is down, the rest of the shop keeps working. */
export function RemoteRoutes({ name, title, notFound }: RemoteRoutesProps) {
  // A new key per attempt: an error boundary otherwise stays in its error state after Retry.
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    forgetRemote(name);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={`${name}-${attempt}`} title={title} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <LoadedRemote name={name} notFound={notFound} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
