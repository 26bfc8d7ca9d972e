// The contract's fixed values: categories, statuses, limits, messages. No zod here: the browser's first page
// needs these values, not the validators, and zod is a third of the shared client's bytes (docs/performance.md).

/** The seven product categories of docs/product.md, what is valid ("All" in the sidebar means no category filter). */
export const PRODUCT_CATEGORIES = [
  'Laptop',
  'Footwear',
  'Bottom',
  'Tops',
  'Attire',
  'Camera',
  'SmartPhones',
] as const;

/** Order status moves only forward: Processing, then Shipped, then Delivered. */
/** Cancelled is no step of the flow: an admin's way out for an order not delivered yet (issue 29). */
export const ORDER_STATUSES = ['Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;

export const ROLES = ['user', 'admin'] as const;

/**
 * The orders the storefront list can be asked for (issue 28, `sort=`). `newest` is the spec's order and
 * the list's order when none is asked; ties are broken by id, in the sort's direction (docs/product.md).
 */
export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const isProductSort = (value: unknown): value is ProductSort =>
  (PRODUCT_SORTS as readonly unknown[]).includes(value);

/** Page size of the storefront product list. */
export const RESULT_PER_PAGE = 8;

/** The fewest characters the search box asks suggestions for: one letter matches nearly every product. */
export const SUGGEST_MIN_LENGTH = 2;
/** Suggestions in one answer: what the search box's list shows. */
export const SUGGESTIONS_PER_ANSWER = 6;

export const PRICE_MIN = 0;
export const PRICE_MAX = 25_000;

/** The api's limits on product pictures (PNG, JPEG, GIF or WebP; never SVG). */
export const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES_PER_PRODUCT = 8;

export const DEFAULT_AVATAR_URL = '/profile.png';
export const PASSWORD_MIN_LENGTH = 8;

export const FORGOT_PASSWORD_MESSAGE = 'Please check your email for password reset instructions.';

export const RESET_PASSWORD_MESSAGE = 'Password reset successfully!';

export const PHONE_LENGTH = 10;

/** Test cards of the local gateway, as in the card providers' test modes. */
export const TEST_CARD_SUCCEEDS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

export const PAYMENT_INTENT_STATUSES = ['requires_payment_method', 'succeeded'] as const;

/** Page size when `limit` is not given. */
export const ADMIN_LIST_DEFAULT_LIMIT = 10;

/** The shop's days (the dashboard's chart) when the browser names no time zone. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** Every id the api hands out: 24 lowercase hex characters (the admin screens rely on that length). */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;
export const isObjectId = (value: unknown): value is string =>
  typeof value === 'string' && OBJECT_ID_PATTERN.test(value);

export const isProductCategory = (value: unknown): value is (typeof PRODUCT_CATEGORIES)[number] =>
  (PRODUCT_CATEGORIES as readonly unknown[]).includes(value);

/**
 * How an order is paid (issue 25): by card (the spec's way, the default), by UPI, or in cash on delivery.
 * The labels are what every screen shows for an order's method.
 */
export const PAYMENT_METHODS = ['card', 'upi', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * How a placed order was paid: a method of the page, or what the shopper chose inside Razorpay's checkout
 * (net banking, a wallet) when the shop takes payments through Razorpay.
 */
export const ORDER_PAYMENT_METHODS = [...PAYMENT_METHODS, 'netbanking', 'wallet'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<OrderPaymentMethod, string> = {
  card: 'Card',
  upi: 'UPI',
  cod: 'Cash on delivery',
  netbanking: 'Net banking',
  wallet: 'Wallet',
};

/** The payment status of a cash-on-delivery order until the courier has the cash (it shows NOT PAID). */
export const CASH_ON_DELIVERY_PENDING = 'pending';

/** Test UPI ids of the local gateway, as Razorpay's test mode names them (and one that never answers). */
export const UPI_TEST_VPAS = {
  succeeds: 'success@razorpay',
  declined: 'failure@razorpay',
  neverAnswers: 'pending@razorpay',
} as const;

/**
 * Below how many in stock a product counts as low on the dashboard (issue 29); the products list may
 * filter with any threshold (`stockBelow`).
 */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * What an admin write is, in the audit trail (issue 29): `<what>.<change>`. Refund, cancel, shipping and
 * import are named ahead of their routes so those record with the same recorder.
 */
export const ADMIN_ACTIONS = [
  'product.create',
  'product.update',
  'product.delete',
  'order.status',
  'order.delete',
  'order.refund',
  'order.cancel',
  'order.shipping',
  'user.update',
  'user.delete',
  'review.delete',
  'catalog.import',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/**
 * The products CSV (issue 29): export and import share these columns, in this order, so an export
 * re-imports as it is. A row with an `id` updates that product, a row without one creates a product;
 * pictures are not in the file (an update keeps them, a created product has none until one is added).
 */
export const PRODUCT_CSV_COLUMNS = ['id', 'name', 'price', 'description', 'category', 'stock'] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The orders CSV: one row per order line, money in rupees, the order's figures repeated on each line. */
export const ORDER_CSV_COLUMNS = [
  'orderId',
  'placedAt',
  'customerEmail',
  'orderStatus',
  'paymentStatus',
  'paymentMethod',
  'productId',
  'productName',
  'quantity',
  'unitPrice',
  'lineTotal',
  'itemsPrice',
  'taxPrice',
  'shippingPrice',
  'totalPrice',
] as const;

/** The largest products CSV one import takes: 100,000 rows of ordinary products fit with room to spare. */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
/** The most rows (besides the header) one import takes. */
export const MAX_IMPORT_ROWS = 100_000;
/** A refused import lists at most this many bad rows (and counts them all). */
export const MAX_LISTED_BAD_ROWS = 1000;
