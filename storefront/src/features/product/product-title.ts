/** The title of a product page whose product does not exist (the server's 404 page says the same). */
export const PRODUCT_NOT_FOUND = 'Product not found';
