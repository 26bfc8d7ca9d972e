import type { Product } from '@shop/shared-api';
import { cartStore } from '@shop/shared-cart';
import { Button, HStack, toast } from '@shop/shared-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { useSignInPrompt } from '../../hooks/use-sign-in-prompt.tsx';

/** Quantity (1 to stock) and Add to Cart; disabled when nothing is in stock, a guest is asked to log in. */
export function AddToCart({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(1);
  const { whenSignedIn, prompt } = useSignInPrompt();
  const navigate = useNavigate();
  const soldOut = product.stock < 1;
  const add = () =>
    whenSignedIn(() => {
      cartStore.getState().addToCart({
        product: product._id,
        name: product.name,
        price: product.price,
        image: product.images[0]?.url ?? '',
        stock: product.stock,
        quantity,
      });
      toast.success('Item Added To Cart', {
        action: { label: 'View cart', onClick: () => navigate('/cart') },
      });
    });
  return (
    <HStack gap="4" wrap="wrap">
      <QuantityStepper
        value={soldOut ? 0 : quantity}
        max={product.stock}
        onChange={setQuantity}
        label={`Quantity of ${product.name}`}
        disabled={soldOut}
      />
      <Button colorPalette="brand" disabled={soldOut} onClick={add}>
        Add to Cart
      </Button>
      {prompt}
    </HStack>
  );
}
