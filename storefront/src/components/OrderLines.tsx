import type { OrderItem } from '@shop/shared-api';
import { formatRupees, Grid, Link, ProductImage, Stack, Text } from '@shop/shared-ui';
import { Link as RouterLink } from 'react-router-dom';

type Line = Pick<OrderItem, 'product' | 'name' | 'image' | 'price' | 'quantity'>;

/** The lines of an order or a cart being confirmed: picture, name, and 'quantity × price = amount'. */
export function OrderLines({ lines, label }: { lines: readonly Line[]; label: string }) {
  return (
    <Stack as="ul" listStyleType="none" gap="3" aria-label={label}>
      {lines.map((line) => (
        <Grid as="li" key={line.product} templateColumns="4rem minmax(0, 1fr)" gap="4" alignItems="center">
          <ProductImage src={line.image} alt={line.name} ratio={1} width={64} />
          <Stack
            gap="1"
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            align={{ sm: 'center' }}
          >
            <Link asChild lineClamp={2}>
              <RouterLink to={`/product/${line.product}`}>{line.name}</RouterLink>
            </Link>
            <Text whiteSpace="nowrap" textAlign={{ sm: 'end' }}>
              {line.quantity} × {formatRupees(line.price)} ={' '}
              <Text as="span" fontWeight="semibold">
                {formatRupees(line.price * line.quantity)}
              </Text>
            </Text>
          </Stack>
        </Grid>
      ))}
    </Stack>
  );
}
