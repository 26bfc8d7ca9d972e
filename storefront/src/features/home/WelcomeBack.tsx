import { Text } from '@shop/shared-ui';
import { useCurrentUser } from '@shop/shared-auth';

/** Greets a signed-in shopper by name: the session lives in the shell, this remote only reads it. */
export function WelcomeBack() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Text fontSize="lg" fontWeight="medium" data-testid="welcome-back">
      Welcome back, {user.name}
    </Text>
  );
}
