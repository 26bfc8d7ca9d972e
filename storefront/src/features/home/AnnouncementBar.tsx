import { Box, Text } from '@shop/shared-ui';

// Set by the storefront team at build time, so a campaign ships with a storefront release alone.
const announcement = import.meta.env.VITE_STOREFRONT_ANNOUNCEMENT || 'Free shipping on orders over ₹500';

export function AnnouncementBar() {
  return (
    <Box bg="brand.solid" color="brand.contrast" textAlign="center" py="2" mt="4" borderRadius="md">
      <Text fontSize="sm" fontWeight="medium" data-testid="announcement">
        {announcement}
      </Text>
    </Box>
  );
}
