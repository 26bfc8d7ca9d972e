import { render } from '@testing-library/react';
import { MotionGlobalConfig } from 'framer-motion';
import type { ReactElement } from 'react';
import { ShopThemeProvider } from '../theme-provider.tsx';

// happy-dom's Web Animations stub rejects when motion cancels an animation; tests need no animation.
MotionGlobalConfig.skipAnimations = true;

/** Renders inside the shop's Chakra system, as the apps do. */
export function renderWithTheme(ui: ReactElement) {
  return render(<ShopThemeProvider>{ui}</ShopThemeProvider>);
}
