import { Flex, Heading, usePageTitle } from '@shop/shared-ui';
import type { ReactNode } from 'react';

/** The page's h1 (also the tab title, 'Products | Admin | Shop') and its actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(`${title} | Admin`);
  return (
    <Flex align="center" justify="space-between" gap="3" wrap="wrap">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {/* Three actions (Export, Import, Add Product) do not fit a phone's row: they wrap. */}
      {children ? (
        <Flex gap="2" wrap="wrap">
          {children}
        </Flex>
      ) : null}
    </Flex>
  );
}
