/**
 * docs/product.md, messages: a failed call shows the server's message; these are the texts when the server gives none.
 */
export const FALLBACK_MESSAGES = {
  getCart: 'Failed to get your cart',
  saveCart: 'Failed to save your cart',
  loadUser: 'Failed to load user',
  updateProfile: 'Failed to update profile',
  getUsers: 'Failed to get users',
  getUserDetails: 'Failed to get user details',
  updateUser: 'Failed to update user',
  deleteUser: 'Failed to delete user',
  getAdminProducts: 'Failed to get admin products',
  createProduct: 'Failed to create product',
  updateProduct: 'Failed to update product',
  deleteProduct: 'Failed to delete product',
  promoteToAdmin: 'Failed to promote to admin',
  createOrder: 'Failed to create order',
  getOrders: 'Failed to get orders',
  getOrderDetails: 'Failed to get order details',
  getAllOrders: 'Failed to get all orders',
  getReleaseHealth: 'Failed to get the health of the releases',
  getSiteHealth: 'Failed to get the site health figures',
  getAdminActivity: 'Failed to get the activity',
  updateOrder: 'Failed to update order',
  deleteOrder: 'Failed to delete order',
  cancelOrder: 'Failed to cancel order',
  refundOrder: 'Failed to refund order',
  getOrderPayments: 'Failed to get the payment history',
  // Calls the spec leaves without a fallback text get one in the same words.
  login: 'Failed to login',
  register: 'Failed to register',
  logout: 'Failed to logout',
  updatePassword: 'Failed to update password',
  forgotPassword: 'Failed to send password reset email',
  resetPassword: 'Failed to reset password',
  getProducts: 'Failed to get products',
  getProductDetails: 'Failed to get product details',
  submitReview: 'Failed to submit review',
  getReviews: 'Failed to get reviews',
  deleteReview: 'Failed to delete review',
  processPayment: 'Payment failed',
  getPaymentMethods: 'Failed to get the payment methods',
  getInvoice: 'Failed to download the invoice',
  exportProducts: 'Failed to export the products',
  exportOrders: 'Failed to export the orders',
  importProducts: 'Failed to import the products',
} as const;

/** docs/product.md, messages: what a 401 says when the server gives no message. */
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';

/** A failed api call: `message` is ready to show to the shopper. `status` is 0 when no answer came. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;

  constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

/** The text to show for any thrown value: an ApiError's message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** `errorMessage` with the fallback fixed, for a form's `describeFailure`. */
export function failureMessage(fallback: string): (error: unknown) => string {
  return (error) => errorMessage(error, fallback);
}
