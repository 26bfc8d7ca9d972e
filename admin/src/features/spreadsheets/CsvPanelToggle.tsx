import { Button } from '@shop/shared-ui';
import type { ReactNode } from 'react';

interface CsvPanelToggleProps {
  open: boolean;
  onToggle: () => void;
  /** The id of the panel it opens (aria-controls). */
  controls: string;
  children: ReactNode;
}

/** A header button that opens and closes a CSV panel under the heading, saying which it does. */
export function CsvPanelToggle({ open, onToggle, controls, children }: CsvPanelToggleProps) {
  return (
    <Button size="sm" variant="outline" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {children}
    </Button>
  );
}
