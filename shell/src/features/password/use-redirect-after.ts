import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** Product rule (docs/product.md): a success message stays 2 seconds before the page moves on. */
export const REDIRECT_DELAY_MS = 2000;

/** Returns a function that goes to `to` after 2 seconds (cancelled if the page is left first). */
export function useRedirectAfter(to: string): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(to), REDIRECT_DELAY_MS);
  };
}
