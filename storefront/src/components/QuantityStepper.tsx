import { HStack, IconButton, Input } from '@shop/shared-ui';
import { Minus, Plus } from 'lucide-react';

interface QuantityStepperProps {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  /** Names what is counted, for screen readers: 'Quantity of Canon EOS'. */
  label?: string;
  disabled?: boolean;
}

/** Minus, a read-only count and plus: never below 1, never above the stock. */
export function QuantityStepper({
  value,
  max,
  onChange,
  label = 'Quantity',
  disabled = false,
}: QuantityStepperProps) {
  return (
    <HStack gap="1" role="group" aria-label={label}>
      <IconButton
        aria-label="Decrease quantity"
        size="sm"
        variant="outline"
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden="true" />
      </IconButton>
      <Input
        readOnly
        value={value}
        aria-label={label}
        aria-live="polite"
        w="12"
        size="sm"
        textAlign="center"
        tabIndex={-1}
      />
      <IconButton
        aria-label="Increase quantity"
        size="sm"
        variant="outline"
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" />
      </IconButton>
    </HStack>
  );
}
