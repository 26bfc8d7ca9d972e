import { GST_PERCENT } from '@shop/shared-api/schemas';
import type { GstSettings } from '../config/api-config.ts';
import type { InvoiceDocument, InvoiceLine, OrderRow, StoredShippingInfo } from '../db/schema.ts';

/** What an invoice needs of the order, the buyer and the catalog. */
export interface InvoiceInput {
  order: Pick<
    OrderRow,
    | 'orderItems'
    | 'itemsPaise'
    | 'taxPaise'
    | 'shippingPaise'
    | 'totalPaise'
    | 'shippingInfo'
    | 'paymentMethod'
    | 'createdAt'
  >;
  buyer: { name: string; email: string };
  /** The category of each product sold without one recorded (orders placed before issue 25). */
  categoryOf: (productId: string) => string | undefined;
}

/** 'Tamil  Nadu ' and 'tamil nadu' are the same state; '&' is written 'and' either way. */
const sameName = (a: string, b: string) => {
  const plain = (value: string) => value.toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ').trim();
  return plain(a) === plain(b);
};

const inIndia = (country: string) => ['india', 'in', 'ind'].includes(country.trim().toLowerCase());

/**
 * Intra-state supply (CGST + SGST) when the goods are shipped to an address in India in the seller's own
 * state; inter-state (IGST) otherwise.
 */
export function supplyOf(shipping: StoredShippingInfo, sellerState: string): 'intra' | 'inter' {
  return inIndia(shipping.country) && sameName(shipping.state, sellerState) ? 'intra' : 'inter';
}

/**
 * Shares `total` paise over the lines in proportion to `weights`, each rounded down, the paise left over
 * given to the largest remainders first: the shares add up to `total` exactly.
 */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The figures of a GST tax invoice for an order: each line's taxable value and GST, split CGST 9% + SGST
 * 9% within the seller's state or IGST 18% otherwise. The GST is the order's own (18% of the subtotal,
 * rounded once), shared over the lines, so every total agrees with the order's to the paisa; shipping is
 * charged as the order charged it, outside the taxable value (the shop's rule: GST on the goods).
 */
export function invoiceDocumentOf(
  { order, buyer, categoryOf }: InvoiceInput,
  gst: GstSettings,
): InvoiceDocument {
  const supply = supplyOf(order.shippingInfo, gst.sellerState);
  const taxable = order.orderItems.map((item) => item.pricePaise * item.quantity);
  const lineGst = shareOut(order.taxPaise, taxable);
  const lines: InvoiceLine[] = order.orderItems.map((item, index) => {
    const tax = lineGst[index]!;
    // Half each to the centre and the state; an odd paisa goes to the centre's share.
    const cgst = supply === 'intra' ? Math.ceil(tax / 2) : 0;
    return {
      name: item.name,
      hsn: gst.hsnByCategory[item.category ?? categoryOf(item.product) ?? ''] ?? '',
      quantity: item.quantity,
      unitPaise: item.pricePaise,
      taxablePaise: taxable[index]!,
      cgstPaise: cgst,
      sgstPaise: supply === 'intra' ? tax - cgst : 0,
      igstPaise: supply === 'inter' ? tax : 0,
    };
  });
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const ship = order.shippingInfo;
  return {
    seller: {
      name: gst.sellerName,
      address: gst.sellerAddress,
      state: gst.sellerState,
      gstin: gst.sellerGstin,
    },
    buyer: {
      name: buyer.name,
      email: buyer.email,
      address: `${ship.address}, ${ship.city}`,
      state: ship.state,
      country: ship.country,
      pinCode: ship.pinCode,
    },
    supply,
    paymentMethod: order.paymentMethod,
    orderPlacedAt: order.createdAt.toISOString(),
    lines,
    shippingPaise: order.shippingPaise,
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: order.totalPaise,
  };
}

/** The rates printed beside each share of the GST. */
export const GST_RATES = { cgst: GST_PERCENT / 2, sgst: GST_PERCENT / 2, igst: GST_PERCENT };
