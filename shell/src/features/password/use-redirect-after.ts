import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { REDIRECT_DELAY_MS } from './password-rules.ts';

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
