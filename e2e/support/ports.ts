/** The assembled shop under test runs on its own ports, so a developer's `pnpm start` can keep running. */
export const e2ePorts = {
  shell: 4100,
  storefront: 4101,
  admin: 4102,
  api: 3100,
  /** Ports for tests that start their own shell or remote servers (deploy and outage tests). */
  spare: [4110, 4111, 4112, 4113],
  extraShellOrigins: ['http://localhost:4110', 'http://localhost:4112'],
  /** The api of a test's own shop that does not share the suite's (the dev servers' test). */
  spareApi: 3110,
} as const;
