import {
  Box,
  Grid,
  Heading,
  HStack,
  Image,
  Link,
  shopInfo,
  Stack,
  Text,
  usePageTitle,
} from '@shop/shared-ui';

const values = [
  { title: 'Quality first', text: 'Every product is checked before it is listed, and we stand behind it.' },
  { title: 'Fair prices', text: 'Honest prices in rupees, with free shipping on orders over ₹500.' },
  { title: 'Customers at heart', text: 'Support around the clock and a 30 day return policy.' },
];

/** /about: mission, vision, values, founder photo and social links. */
export function AboutPage() {
  usePageTitle('About Us');
  return (
    <Stack py="10" gap="10">
      <Stack gap="3" maxW="3xl">
        <Heading as="h1" size="2xl">
          About Us
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          We sell quality products at fair prices in rupees, delivered across India.
        </Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="10" alignItems="start">
        <Stack gap="8">
          <Box as="section" aria-labelledby="mission">
            <Heading as="h2" id="mission" size="lg" mb="2">
              Our mission
            </Heading>
            <Text>
              To make good laptops, phones, cameras, clothing and footwear easy to find and easy to afford,
              with a checkout that is quick and safe.
            </Text>
          </Box>
          <Box as="section" aria-labelledby="vision">
            <Heading as="h2" id="vision" size="lg" mb="2">
              Our vision
            </Heading>
            <Text>A shop every family in India trusts for the things they use every day.</Text>
          </Box>
          <Box as="section" aria-labelledby="values">
            <Heading as="h2" id="values" size="lg" mb="3">
              Our values
            </Heading>
            <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="4">
              {values.map((value) => (
                <Box key={value.title} borderWidth="1px" rounded="lg" p="4" bg="bg.panel">
                  <Heading as="h3" size="sm" mb="1">
                    {value.title}
                  </Heading>
                  <Text fontSize="sm" color="fg.muted">
                    {value.text}
                  </Text>
                </Box>
              ))}
            </Grid>
          </Box>
        </Stack>
        <Stack as="aside" aria-label="Our founder" align="center" gap="3" textAlign="center">
          <Image
            src="/founder.svg"
            alt="Portrait of the shop's founder"
            boxSize="48"
            rounded="full"
            bg="bg.muted"
          />
          <Heading as="h2" size="md">
            Our founder
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Started the shop to bring quality products to every home at a fair price.
          </Text>
          <HStack as="ul" listStyleType="none" m="0" p="0" gap="4" wrap="wrap" justify="center">
            {shopInfo.socialLinks.map((social) => (
              <li key={social.label}>
                <Link href={social.href} target="_blank" rel="noopener noreferrer" color="brand.fg">
                  {social.label}
                </Link>
              </li>
            ))}
          </HStack>
        </Stack>
      </Grid>
    </Stack>
  );
}
