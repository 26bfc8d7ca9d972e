import { Box, Grid, Heading, Link, shopInfo, Stack, Text } from '@shop/shared-ui';
import { AppStoreBadges } from './AppStoreBadges.tsx';

/** Badges, the tagline, the copyright line and the social links (docs/product.md, screens). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="bg.subtle" borderTopWidth="1px" mt="12">
      <Grid
        maxW="1280px"
        mx="auto"
        px={{ base: '4', md: '6' }}
        py="10"
        gap="8"
        templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}
        alignItems="start"
      >
        <Stack gap="3">
          <Heading as="h2" size="sm">
            Download our app
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Shop on your Android or iOS phone.
          </Text>
          <AppStoreBadges />
        </Stack>
        <Stack gap="2" textAlign={{ md: 'center' }}>
          <Heading as="h2" size="lg" color="brand.fg">
            Shop
          </Heading>
          <Text>High Quality is our first priority</Text>
          <Text color="fg.muted" fontSize="sm">
            Copyright {year} © Shop. All rights reserved.
          </Text>
        </Stack>
        <Stack gap="2" textAlign={{ md: 'end' }}>
          <Heading as="h2" size="sm">
            Follow us
          </Heading>
          <Box as="ul" listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="1">
            {shopInfo.socialLinks.map((social) => (
              <li key={social.label}>
                <Link href={social.href} target="_blank" rel="noopener noreferrer">
                  {social.label}
                </Link>
              </li>
            ))}
          </Box>
        </Stack>
      </Grid>
    </Box>
  );
}
