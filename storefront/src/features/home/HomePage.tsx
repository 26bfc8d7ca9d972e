import { Button, Heading, SimpleGrid, Stack, Text, usePageTitle } from '@shop/shared-ui';
import { Link } from 'react-router-dom';
import { FeaturedProducts } from './FeaturedProducts.tsx';
import { WelcomeBack } from './WelcomeBack.tsx';

const benefits = [
  { title: 'Free Shipping', text: 'On orders over ₹500' },
  { title: 'Secure Payment', text: 'Your card details stay safe' },
  { title: '24/7 Support', text: 'We are here whenever you need us' },
  { title: '30 Day Returns', text: 'Change your mind? Send it back' },
];

export function HomePage() {
  usePageTitle('');
  return (
    <Stack gap="12" py="10">
      <Stack gap="4" maxW="2xl">
        <WelcomeBack />
        <Heading as="h1" size="4xl">
          Quality products, delivered to your door
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          Laptops, phones, cameras, clothing and footwear at honest prices.
        </Text>
        <Button asChild colorPalette="brand" alignSelf="start" size="lg">
          <Link to="/products">Shop Now</Link>
        </Button>
      </Stack>
      <SimpleGrid
        as="ul"
        listStyleType="none"
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="6"
        aria-label="Why shop with us"
      >
        {benefits.map((benefit) => (
          <Stack as="li" key={benefit.title} gap="1" p="5" borderWidth="1px" borderRadius="lg">
            <Heading as="h2" size="md">
              {benefit.title}
            </Heading>
            <Text color="fg.muted">{benefit.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
      <FeaturedProducts />
    </Stack>
  );
}
