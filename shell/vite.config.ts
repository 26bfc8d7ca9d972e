import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';
import { defaultPorts, portVariables, shopPorts } from '@shop/shared-contract';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { federationRuntimeGroup, minify, shopAliases, sharedDependencies } from '../federation.shared.ts';

/**
 * `pnpm dev`'s config.json, made from the environment as `pnpm start` makes it, so the dev shop runs on
 * any ports (SHELL_PORT, STOREFRONT_PORT, ...): public/config.json names only the default ones.
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'shop-dev-runtime-config',
    apply: 'serve',
    configureServer(server) {
      const body = JSON.stringify(shellConfig(shopPorts(process.env), process.env));
      server.middlewares.use('/config.json', (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-store');
        response.end(body);
      });
    },
  };
}

/**
 * The built page as small as it reads the same: its boot script minified (8.8 KB with its comments, 3.4 KB
 * without) and the head's comments and indentation gone, except the deploy step's `<!-- shop:… -->` marks.
 * Every page carries them before its content, and a page that fits TCP's first flight arrives a round trip
 * sooner (docs/performance.md, "A page in the first flight"). The page server hashes the script as served
 * for its policy.
 */
function compactPage(): Plugin {
  return {
    name: 'shop-compact-page',
    // An unminified build (VITE_UNMINIFIED, for profiles) keeps the page as written too.
    apply: (_config, { command }) => command === 'build' && minify !== false,
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          // The boot scripts: inline, no type (the entry's module script has a src and no body).
          .replace(
            /<script((?: data-[a-z-]+)*)>([\s\S]*?)<\/script>/g,
            (_tag, marks: string, body: string) => {
              const { code, errors } = minifySync('boot.js', body, { compress: true, mangle: true });
              if (errors.length) throw new Error(`index.html's boot script: ${errors[0]!.message}`);
              return `<script${marks}>${code.trim()}</script>`;
            },
          )
          .replace(/<head>[\s\S]*<\/head>/, (head) =>
            head.replace(/<!--(?! shop:)[\s\S]*?-->/g, '').replace(/>\s+</g, '><'),
          ),
    },
  };
}

// The shell compiles in no remote URL: it reads /config.json at boot and registers the remotes then.
export default defineConfig(({ command }) => ({
  plugins: [
    federation({
      name: 'shell',
      remotes: {},
      // The build provides every share eagerly (docs/federation.md, round 3): every page runs them all
      // anyway, and eager shares are imported statically instead of through a small re-export file each.
      shared: sharedDependencies({ host: command === 'build' }),
      dts: false,
      // Publishes the runtime-core on globalThis._FEDERATION_RUNTIME_CORE for the remotes, which are built
      // with `experiments.externalRuntime` and so do not download a second copy (docs/federation.md).
      experiments: { provideExternalRuntime: true },
    }),
    react(),
    devRuntimeConfig(),
    compactPage(),
  ],
  resolve: { alias: shopAliases(command) },
  server: { port: Number(process.env[portVariables.shell] ?? defaultPorts.shell), strictPort: true },
  preview: { port: Number(process.env[portVariables.shell] ?? defaultPorts.shell), strictPort: true },
  build: {
    target: 'es2022',
    minify,
    // The eager shares (react-dom, the design system with the trimmed Chakra, the api client, the router
    // ...) are one chunk of ~890 KB raw, ~260 KB gzip, that every page loads; pnpm bench tracks it, so
    // Vite's generic 500 KB warning adds nothing.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: { codeSplitting: { groups: [federationRuntimeGroup] } },
      // Emotion's `withTheme`, which the shop never uses, is the only user of hoist-non-react-statics (and
      // its react-is), CommonJS that Rolldown keeps for its side effects when nothing reads it: ~1 KB gzip
      // on every page, evaluated before the first render. Neither has any side effect.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
}));
