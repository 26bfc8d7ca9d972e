import { Button, Portal } from '@chakra-ui/react';
import { Dialog } from '../overlay-components.ts';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to delete this product?' */
  message: string;
  title?: string;
  confirmLabel?: string;
  /** The button that answers no: 'Cancel', unless that reads as the action itself ('Keep Order'). */
  cancelLabel?: string;
  /** Destructive confirmations get the danger colour. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal yes/no question: traps focus, closes on Escape, Cancel has focus first. */
export function ConfirmDialog({
  open,
  message,
  title = 'Please confirm',
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(details) => (details.open ? undefined : onCancel())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{message}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{cancelLabel}</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={destructive ? 'red' : 'brand'} loading={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
