// Storage keeps integer paise; the wire speaks rupees, as the shop shows them (docs/product.md, money).

export const toRupees = (paise: number) => paise / 100;

/** Rupees as typed by an admin (up to two decimals) to paise, rounded to the nearest paisa. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);
