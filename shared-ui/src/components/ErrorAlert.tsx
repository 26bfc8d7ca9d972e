import { Alert, Button } from '@chakra-ui/react';

interface ErrorAlertProps {
  message: string;
  title?: string;
  /** Shown as a Retry button when retrying can help (DESIGN.md: error states). */
  onRetry?: () => void;
}

/** An error where the content would be: the message, and Retry when it can help. */
export function ErrorAlert({ message, title, onRetry }: ErrorAlertProps) {
  return (
    <Alert.Root status="error" alignItems="center" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      {onRetry ? (
        <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </Alert.Root>
  );
}
