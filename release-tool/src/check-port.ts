/**
 * The port of the check's own page server: RELEASE_CHECK_PORT, else the shell's port + 50. Its origin must
 * be one the api lets call it (`pnpm start` adds it to CORS_ORIGINS).
 */
export function releaseCheckPort(env: NodeJS.ProcessEnv, ports: { shell: number }): number {
  const port = Number(env.RELEASE_CHECK_PORT ?? ports.shell + 50);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error('RELEASE_CHECK_PORT must be a port number');
  return port;
}
