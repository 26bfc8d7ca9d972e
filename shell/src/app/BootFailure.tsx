/** Shown when the shell cannot even read its configuration: plain markup, since no theme is loaded yet. */
export function BootFailure({ message }: { message: string }) {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '15vh auto', padding: 16 }}>
      <h1>The shop could not start</h1>
      <p>{message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
