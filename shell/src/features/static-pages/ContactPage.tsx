import { Box, Button, Card, Heading, Link, shopInfo, Stack, Text, usePageTitle } from '@shop/shared-ui';
import { Mail, MapPin, Phone } from 'lucide-react';

/** /contact: mail link, Send Email button, address, phone and email. */
export function ContactPage() {
  usePageTitle('Contact Us');
  const mailto = `mailto:${shopInfo.email}`;
  return (
    <Stack py="10" gap="8" maxW="2xl" mx="auto">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          Contact Us
        </Heading>
        <Text color="fg.muted">
          Questions about an order or a product? Write to{' '}
          <Link href={mailto} color="brand.fg">
            {shopInfo.email}
          </Link>{' '}
          and we will answer within a day.
        </Text>
      </Stack>
      <Button asChild colorPalette="brand" alignSelf="start">
        <a href={mailto}>
          <Mail aria-hidden="true" /> Send Email
        </a>
      </Button>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Box display="flex" gap="3">
              <MapPin aria-hidden="true" />
              <Box>
                <Heading as="h2" size="sm">
                  Address
                </Heading>
                <Text as="address" fontStyle="normal">
                  {shopInfo.address.map((line) => (
                    <span key={line} style={{ display: 'block' }}>
                      {line}
                    </span>
                  ))}
                </Text>
              </Box>
            </Box>
            <Box display="flex" gap="3">
              <Phone aria-hidden="true" />
              <Box>
                <Heading as="h2" size="sm">
                  Phone
                </Heading>
                <Link href={`tel:${shopInfo.phone.replace(/\s/g, '')}`}>{shopInfo.phone}</Link>
              </Box>
            </Box>
            <Box display="flex" gap="3">
              <Mail aria-hidden="true" />
              <Box>
                <Heading as="h2" size="sm">
                  Email
                </Heading>
                <Link href={mailto}>{shopInfo.email}</Link>
              </Box>
            </Box>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
