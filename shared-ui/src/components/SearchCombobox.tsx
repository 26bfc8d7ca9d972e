import { Box, HStack, Input, Text, VisuallyHidden, type InputProps } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatRupees } from '../format/money.ts';
import { ProductImage } from './ProductImage.tsx';

/** One line of the list: what the shopper sees of a suggested product. */
export interface SearchSuggestion {
  _id: string;
  name: string;
  price: number;
  image: { url: string } | null;
}

interface SearchComboboxProps {
  /** The box's id; the list's and the lines' ids are made from it. */
  id: string;
  /** The box's name in its form: Enter submits the form with what was typed. */
  name: string;
  label: string;
  placeholder?: string;
  size?: InputProps['size'];
  autoFocus?: boolean;
  /** Called with the text as it changes (the caller asks for suggestions). */
  onTextChange: (text: string) => void;
  suggestions: readonly SearchSuggestion[];
  status: 'idle' | 'loading' | 'error' | 'ready';
  /** A suggestion picked (Enter on the highlighted line, or a click). */
  onChoose: (suggestion: SearchSuggestion) => void;
}

/**
 * A search box suggesting products as the shopper types: an ARIA combobox (the WAI-ARIA "list autocomplete"
 * pattern). Down and Up move through the lines (the focus stays in the box, the line is named by
 * aria-activedescendant), Enter opens the highlighted product, Escape closes the list; Enter with no line
 * highlighted submits the surrounding form as before. The box stays the browser's (uncontrolled), so what is
 * typed before the page is hydrated stays there.
 */
export function SearchCombobox({
  id,
  name,
  label,
  placeholder,
  size,
  autoFocus,
  onTextChange,
  suggestions,
  status,
  onChoose,
}: SearchComboboxProps) {
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  const shown = open && status !== 'idle';
  const listed = shown && suggestions.length > 0;

  // Text typed before hydration is asked about as soon as the page can, and its list shown if the shopper
  // is still in the box (its focus and input events came before React listened).
  useEffect(() => {
    if (input.current?.value) onTextChange(input.current.value);
    if (input.current && input.current === document.activeElement) setOpen(true);
    // Once, on mount: later changes arrive through onInput.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The form searching for the typed text closes the list, which would cover the results in a box that
  // stays on the page (the bar's): Enter, a button, or a submission made before hydration and replayed
  // after it (shell's early-input.ts), which no key event of React's sees. Typing or an arrow opens it again.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const close = () => setOpen(false);
    form.addEventListener('submit', close);
    return () => form.removeEventListener('submit', close);
  }, []);
  // The highlighted line belongs to the lines it was chosen in: new lines start with none, so Enter keeps
  // meaning "search for what I typed".
  const lines = suggestions.map((suggestion) => suggestion._id).join();
  const [highlight, setHighlight] = useState({ lines, index: -1 });
  const active = highlight.lines === lines ? highlight.index : -1;
  const setActive = (index: number) => setHighlight({ lines, index });

  const move = (step: number) => {
    if (!listed) {
      setOpen(true);
      return;
    }
    // Past either end the highlight leaves the list (back to the typed text), then wraps.
    const next = active + step;
    setActive(next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && listed && active >= 0) {
      event.preventDefault();
      setOpen(false);
      onChoose(suggestions[active]!);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  // Shown under the box when there are no lines to show, and read out by screen readers in any case.
  const message =
    status === 'loading'
      ? 'Looking for products…'
      : status === 'error'
        ? 'Suggestions are unavailable just now. Press Enter to search.'
        : status === 'ready' && suggestions.length === 0
          ? 'No products match. Press Enter to search anyway.'
          : '';
  const announcement = !shown
    ? ''
    : listed
      ? `${suggestions.length} ${suggestions.length === 1 ? 'product' : 'products'} suggested. Up and down arrows to choose.`
      : message;

  return (
    <Box position="relative" w="full">
      <VisuallyHidden asChild>
        <label htmlFor={id}>{label}</label>
      </VisuallyHidden>
      <Input
        ref={input}
        id={id}
        name={name}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listId}
        aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={placeholder}
        maxLength={100}
        size={size}
        autoFocus={autoFocus}
        onInput={(event) => {
          setOpen(true);
          onTextChange(event.currentTarget.value);
        }}
        onFocus={() => setOpen(true)}
        // A click on a line lands first (its mousedown keeps the focus here).
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <Box
        position="absolute"
        top="calc(100% + 4px)"
        insetX="0"
        zIndex="dropdown"
        bg="bg.panel"
        borderWidth="1px"
        rounded="md"
        shadow="md"
        overflow="hidden"
        hidden={!listed && !(shown && message)}
      >
        <Box as="ul" id={listId} role="listbox" aria-label="Suggested products" hidden={!listed}>
          {suggestions.map((suggestion, index) => (
            <HStack
              as="li"
              key={suggestion._id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              gap="3"
              px="3"
              py="2"
              cursor="pointer"
              bg={index === active ? 'bg.emphasized' : undefined}
              _hover={{ bg: 'bg.muted' }}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setOpen(false);
                onChoose(suggestion);
              }}
            >
              <Box w="10" flexShrink={0}>
                <ProductImage src={suggestion.image?.url} alt="" width={40} sizes="40px" rounded="sm" />
              </Box>
              <Text flex="1" lineClamp={1}>
                {suggestion.name}
              </Text>
              <Text fontWeight="medium" color="fg.muted">
                {formatRupees(suggestion.price)}
              </Text>
            </HStack>
          ))}
        </Box>
        {listed ? null : (
          <Text px="3" py="2" color="fg.muted" fontSize="sm" aria-hidden="true">
            {message}
          </Text>
        )}
      </Box>
      {/* Always in the page: a live region only speaks of changes made after it appeared. */}
      {/* A polite live region, not role=status: the page's toasts are the status messages. */}
      <VisuallyHidden aria-live="polite" data-testid={`${id}-announcement`}>
        {announcement}
      </VisuallyHidden>
    </Box>
  );
}
