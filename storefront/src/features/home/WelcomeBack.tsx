import { Text } from '@shop/shared-ui';
import { useCurrentUser } from '@shop/shared-auth';

/**
 * Greets a signed-in shopper by name: the session lives in the shell, this remote only reads it. The line
 * is there for everyone, empty for a guest: the page is rendered on the server as a guest's and the
 * session is restored in the browser, so a line that appeared then would push the hero down (CLS 0.036).
 */
export function WelcomeBack() {
  const { user } = useCurrentUser();
  return (
    <Text
      fontSize="lg"
      fontWeight="medium"
      minH="7"
      data-testid="welcome-back"
      aria-hidden={user ? undefined : true}
    >
      {user ? `Welcome back, ${user.name}` : null}
    </Text>
  );
}
