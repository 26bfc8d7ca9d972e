import { applyWholeGlobalStyles } from '@shop/shared-ui';
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A server-rendered page's head carries the tokens of that page as rendered; the design system applies the
 * rest of the global sheet when one of its styles needs it (shared-ui/src/whole-global-styles.ts). Another
 * address may draw with tokens outside emotion's styles too (a rating's inline colours, a chart's), so a
 * move to one applies the whole sheet before it is painted.
 */
export function WholeStylesOnNavigation() {
  const { key } = useLocation();
  const first = useRef(key);
  useLayoutEffect(() => {
    if (key !== first.current) applyWholeGlobalStyles();
  }, [key]);
  return null;
}
