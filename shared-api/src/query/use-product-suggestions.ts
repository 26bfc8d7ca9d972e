import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SUGGEST_MIN_LENGTH } from '../schemas/constants.ts';
import type { ProductSuggestion } from '../schemas/index.ts';
import { productSuggestionsQuery } from './queries.ts';

/** How long typing must pause before the box asks: a word typed at speed costs one request, not one a letter. */
export const SUGGEST_PAUSE_MS = 150;

export interface ProductSuggestions {
  /** What the api suggested for the latest text asked (kept on screen while newer text is asked). */
  suggestions: ProductSuggestion[];
  /** `idle`: fewer than two characters typed; `loading`: the first answer is on its way. */
  status: 'idle' | 'loading' | 'error' | 'ready';
}

/**
 * The search box's suggestions for what the shopper has typed: asked once typing pauses, from two
 * characters on; a request that newer text outdates is aborted (the query's signal reaches ky).
 */
export function useProductSuggestions(text: string): ProductSuggestions {
  const typed = text.trim();
  const [asked, setAsked] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed), SUGGEST_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const enabled = typed.length >= SUGGEST_MIN_LENGTH && asked.length >= SUGGEST_MIN_LENGTH;
  const query = useQuery({ ...productSuggestionsQuery(asked), enabled, placeholderData: keepPreviousData });
  if (!enabled) return { suggestions: [], status: 'idle' };
  if (query.isError) return { suggestions: [], status: 'error' };
  if (!query.data) return { suggestions: [], status: 'loading' };
  return { suggestions: query.data, status: 'ready' };
}
