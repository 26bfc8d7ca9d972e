import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delayMs`: a search asks the api once the admin pauses typing. */
export function useDebouncedValue<T>(value: T, delayMs = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
