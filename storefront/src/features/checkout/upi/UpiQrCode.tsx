import { Box } from '@shop/shared-ui';
import { encode } from 'uqr';

/**
 * The `upi://pay?…` link as a QR code a phone's UPI app scans, drawn as one SVG path from uqr's matrix
 * (no canvas, no image request; sharp at any size). Dark on light whatever the colour mode: scanners
 * need that contrast.
 */
export function UpiQrCode({ link, label }: { link: string; label: string }) {
  const { data, size } = encode(link, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <Box bg="white" p="2" rounded="md" w="48" h="48" flexShrink={0}>
      <svg
        viewBox={`0 0 ${size} ${size}`}
        width="100%"
        height="100%"
        role="img"
        aria-label={label}
        shapeRendering="crispEdges"
      >
        <path d={path} fill="#000" />
      </svg>
    </Box>
  );
}
