import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// One theme for three apps: every app renders with this system so a shopper never sees a seam.
const shopConfig = defineConfig({
  globalCss: {
    'html, body': { margin: 0, minHeight: '100%' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
  },
});

export const shopSystem = createSystem(defaultConfig, shopConfig);
