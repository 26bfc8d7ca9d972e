import type { ProductCategory } from '@shop/shared-api/schemas';
import { encodePng } from './png.ts';

type Rgb = [number, number, number];
const SIZE = 480;

const PALETTE: Record<ProductCategory, Rgb> = {
  Laptop: [52, 84, 140],
  Footwear: [170, 92, 48],
  Bottom: [44, 62, 92],
  Tops: [196, 72, 96],
  Attire: [122, 66, 150],
  Camera: [40, 40, 46],
  SmartPhones: [30, 120, 110],
};

const inRect = (x: number, y: number, left: number, top: number, right: number, bottom: number) =>
  x >= left && x <= right && y >= top && y <= bottom;
const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/** A silhouette per category, so a picture reads as "a laptop", "a shoe", ... at a glance. */
function silhouette(category: ProductCategory, x: number, y: number): boolean {
  switch (category) {
    case 'Laptop':
      return (
        inRect(x, y, 110, 120, 370, 300) ||
        (y >= 300 && y <= 330 && x >= 80 - (y - 300) && x <= 400 + (y - 300))
      );
    case 'Footwear':
      return inEllipse(x, y, 250, 300, 160, 55) || inEllipse(x, y, 170, 250, 70, 80);
    case 'Bottom':
      return (
        inRect(x, y, 160, 110, 320, 170) ||
        inRect(x, y, 160, 170, 232, 390) ||
        inRect(x, y, 248, 170, 320, 390)
      );
    case 'Tops':
      return inRect(x, y, 170, 130, 310, 380) || inRect(x, y, 100, 130, 380, 200);
    case 'Attire':
      return (
        inRect(x, y, 205, 100, 275, 180) ||
        (y >= 180 && y <= 400 && Math.abs(x - 240) <= 35 + (y - 180) * 0.55)
      );
    case 'Camera':
      return (
        (inRect(x, y, 100, 160, 380, 360) && !inEllipse(x, y, 240, 260, 62, 62)) ||
        inRect(x, y, 150, 130, 220, 160) ||
        inEllipse(x, y, 240, 260, 40, 40)
      );
    case 'SmartPhones':
      return inRect(x, y, 170, 80, 310, 400) && !inRect(x, y, 182, 105, 298, 365);
  }
}

/** A product picture: a soft gradient in the category's colour, the silhouette, and a variation per product. */
export function drawProductImage(category: ProductCategory, variant: number): Buffer {
  const base = PALETTE[category];
  const hueShift = (variant * 37) % 60;
  const tint = (value: number, amount: number) => Math.max(0, Math.min(255, Math.round(value + amount)));
  return encodePng(SIZE, SIZE, (x, y) => {
    if (silhouette(category, x, y)) return [tint(base[0], -20), tint(base[1], -20), tint(base[2], -20)];
    const shade = 120 - ((x + y) / (2 * SIZE)) * 60;
    return [tint(base[0], shade + hueShift / 2), tint(base[1], shade), tint(base[2], shade - hueShift / 3)];
  });
}
