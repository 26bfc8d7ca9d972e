import { ApiError, productQuery, type CartItem, type Product } from '@shop/shared-api';
import { cartStore, clampQuantity } from '@shop/shared-cart';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** What changed in one cart line since it was added, in the shopper's words; null when nothing did. */
export function lineChange(line: CartItem, product: Product | null): string | null {
  if (!product) return `${line.name} is no longer sold and was removed from your cart.`;
  if (product.stock < 1) return `${product.name} is out of stock and was removed from your cart.`;
  if (product.price !== line.price) return `The price of ${product.name} has changed.`;
  if (clampQuantity(line.quantity, product.stock) !== line.quantity)
    return `Only ${product.stock} of ${product.name} are left; your quantity was lowered.`;
  return null;
}

/**
 * Before the shopper confirms, the cart is checked against the catalog as it is now (prices, stock, a
 * product removed), so the total they approve is the total the server will charge. Lines are updated
 * in the cart and each change is listed. If the catalog cannot be reached the cart is left as it is:
 * the server checks every figure again anyway.
 */
export function useCurrentPrices(): { checking: boolean; changes: string[] } {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(true);
  const [changes, setChanges] = useState<string[]>([]);

  useEffect(() => {
    let cancelled = false;
    const lines = cartStore.getState().cartItems;
    void Promise.allSettled(
      lines.map((line) => queryClient.fetchQuery({ ...productQuery(line.product), staleTime: 0 })),
    ).then((answers) => {
      if (cancelled) return;
      const found: string[] = [];
      answers.forEach((answer, index) => {
        const line = lines[index]!;
        const gone =
          answer.status === 'rejected' && answer.reason instanceof ApiError && answer.reason.status === 404;
        if (answer.status === 'rejected' && !gone) return;
        const product = answer.status === 'fulfilled' ? answer.value : null;
        const change = lineChange(line, product);
        if (!change) return;
        found.push(change);
        const { removeFromCart, addToCart } = cartStore.getState();
        if (!product || product.stock < 1) removeFromCart(line.product);
        else
          addToCart({
            ...line,
            name: product.name,
            price: product.price,
            stock: product.stock,
            image: product.images[0]?.url ?? line.image,
          });
      });
      setChanges(found);
      setChecking(false);
    });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  return { checking, changes };
}
