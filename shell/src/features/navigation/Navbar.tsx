import { Box, HStack, Link } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';

/** Placeholder bar until the navigation feature lands. */
export function NavbarPlaceholder() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <HStack as="nav" aria-label="Main" maxW="1280px" mx="auto" px="6" py="3" gap="6">
        {[
          ['/', 'Home'],
          ['/products', 'Products'],
          ['/about', 'About'],
          ['/contact', 'Contact'],
          ['/search', 'Search'],
        ].map(([to, label]) => (
          <Link key={to} asChild>
            <NavLink to={to!}>{label}</NavLink>
          </Link>
        ))}
      </HStack>
    </Box>
  );
}
