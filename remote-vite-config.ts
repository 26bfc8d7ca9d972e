import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfigFnObject } from 'vite';
import {
  defaultPorts,
  portVariables,
  REMOTE_MANIFEST_FILE,
  REMOTE_ROUTES_EXPOSE,
  type RemoteName,
} from '@shop/shared-contract';
import { federationRuntimeGroup, minify, shopAliases, sharedDependencies } from './federation.shared.ts';

/**
 * The Vite config of a remote: one exposed `./routes` module, a hashed entry listed in mf-manifest.json
 * (the only file a deploy must not cache), and the shop's shared singletons.
 *
 * `pieces` names the files the remote's shared modules are grouped in, each with the modules that may go in
 * it: of those, what two or more of its chunks share (the first group that matches a module takes it).
 * Rolldown gives each module that two lazy pages share a file of its own (0.2-1.5 KB each, several per
 * page); grouped, they are one request (docs/federation.md, round 5). Leave out of a group what the
 * remote's first page needs alone (the file would bring the rest to that page) and any module that imports
 * an on-demand share statically (the share would load whenever the file does).
 *
 * `unusedShares` are shares the remote never imports:
 * the federation plugin loads a consume-only share that no dynamic import reaches when the remote starts,
 * so a declared but unused one is downloaded on every page of that remote (the slider on the admin
 * panel: 9.6 KB, docs/performance.md, round 5).
 */
export function remoteViteConfig(
  name: RemoteName,
  routesModule: string,
  {
    pieces = {},
    unusedShares = [],
  }: {
    pieces?: Record<string, RegExp>;
    unusedShares?: (keyof ReturnType<typeof sharedDependencies>)[];
  } = {},
): UserConfigFnObject {
  const port = Number(process.env[portVariables[name]] ?? defaultPorts[name]);
  return defineConfig(({ command }) => ({
    // Relative URLs: chunks resolve against the remote entry's own address, so one build serves from any
    // origin or CDN path and the shell page that loads it never rewrites them.
    base: './',
    plugins: [
      federation({
        name,
        filename: 'remoteEntry-[hash].js',
        manifest: { fileName: REMOTE_MANIFEST_FILE },
        exposes: { [REMOTE_ROUTES_EXPOSE]: routesModule },
        // `pnpm dev` serves remotes to a dev shell that provides the shares (SHOP_ASSEMBLED_DEV); only a
        // remote started on its own needs them eager, or the page would evaluate two Reacts and emotions.
        shared: Object.fromEntries(
          Object.entries(
            sharedDependencies({
              standaloneDev: command === 'serve' && !process.env.SHOP_ASSEMBLED_DEV,
              remote: true,
            }),
          ).filter(([share]) => !(unusedShares as string[]).includes(share)),
        ),
        dts: false,
        // The shell publishes its federation runtime-core (`provideExternalRuntime` in shell/vite.config.ts);
        // a built remote reads it instead of shipping its own copy (docs/federation.md, round 3). A remote
        // served on its own by the dev server has no shell, so it keeps its own runtime there.
        experiments: { externalRuntime: command === 'build' },
      }),
      react(),
    ],
    resolve: { alias: shopAliases(command) },
    server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true },
    preview: { port, strictPort: true, cors: true },
    build: {
      target: 'es2022',
      minify,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              federationRuntimeGroup,
              // The stubs for the packages the shell provides (`import: false`): a file each, all needed
              // by the routes module, so one file. The plugin's own groups keep the other shares apart.
              // Not the design system's on-demand entries (overlays, slider; ids spell '/' and '-' as
              // _mf_1_ and _mf_2_): a stub starts its share's download when its file runs, and this file
              // runs on every page.
              {
                name: 'host-shares',
                test: /^(?!.*shared_mf_2_ui_mf_1_(?:overlays|slider)).*__loadShare__/,
                priority: 10,
              },
              ...Object.entries(pieces).map(([name, test], index, all) => ({
                name,
                test,
                minShareCount: 2,
                priority: 5 + all.length - index,
              })),
            ],
          },
        },
      },
    },
  }));
}
