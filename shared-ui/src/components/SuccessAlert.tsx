import { Alert } from '@chakra-ui/react';

/** A success message where the shopper is looking, announced politely ('Password reset successfully!'). */
export function SuccessAlert({ message }: { message: string }) {
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
