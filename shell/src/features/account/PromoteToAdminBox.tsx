import { Box, Button, Heading, Text, toast } from '@shop/shared-ui';
import { errorMessage, FALLBACK_MESSAGES, promoteToAdmin } from '@shop/shared-api';
import { useCurrentUser } from '@shop/shared-auth';
import { useEffect, useRef, useState } from 'react';

/** docs/product.md, numbers: redirects and reloads wait 2 seconds so the toast can be read. */
export const RELOAD_DELAY_MS = 2000;

/**
 * The development action on /account: asks the server to make the current user an admin, then reloads
 * so every app picks up the new role.
 */
export function PromoteToAdminBox({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { user } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const promote = async () => {
    if (!user) {
      toast.error('No user found');
      return;
    }
    setBusy(true);
    try {
      const answer = await promoteToAdmin();
      toast.success(answer.message || 'You are now an admin');
      timer.current = setTimeout(reload, RELOAD_DELAY_MS);
    } catch (error) {
      toast.error(errorMessage(error, FALLBACK_MESSAGES.promoteToAdmin));
      setBusy(false);
    }
  };

  return (
    <Box
      as="section"
      aria-labelledby="promote-heading"
      borderWidth="1px"
      borderStyle="dashed"
      rounded="lg"
      p="5"
      bg="bg.subtle"
    >
      <Heading as="h2" id="promote-heading" size="md" mb="1">
        Promote to Admin
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        Development only: ask the server to give this account the admin role, to try the admin panel.
      </Text>
      <Button colorPalette="brand" variant="outline" loading={busy} loadingText="Promoting" onClick={promote}>
        Promote to Admin
      </Button>
    </Box>
  );
}
