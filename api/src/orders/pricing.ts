// The checkout figures live in the shared contract: the browser shows exactly what the server charges.
export {
  FREE_SHIPPING_ABOVE_PAISE,
  GST_PERCENT,
  priceOrder,
  SHIPPING_CHARGE_PAISE,
  type PricedLine,
} from '@shop/shared-api/schemas';
