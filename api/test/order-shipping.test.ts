import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { register } from './helpers/shop.ts';
import { afterSaleKit } from './helpers/after-sale.ts';

// Issue 29, items 1 and 2: an admin ships with a carrier and tracking number; the shopper sees the link
// and is mailed.
const t = useTestApp({ admin: true });
const { paidOrder, moveTo, mailed } = afterSaleKit(t);

describe('shipping with tracking', () => {
  it('stores the carrier and number, links a known carrier, shows it to the shopper and mails them', async () => {
    const buyer = await register(t.app);
    const { orderId } = await paidOrder(buyer);
    const bad = await moveTo(orderId, { status: 'Shipped', trackingNumber: 'AB 12<script>' });
    expect(bad.statusCode).toBe(400);
    const shipped = await moveTo(orderId, {
      status: 'Shipped',
      carrier: 'delhivery',
      trackingNumber: 'DL-12345',
    });
    expect(shipped.statusCode).toBe(200);
    const seen = (await t.request('GET', `/order/${orderId}`, { as: buyer })).json().order;
    expect(seen).toMatchObject({
      orderStatus: 'Shipped',
      shipment: {
        carrier: 'delhivery',
        trackingNumber: 'DL-12345',
        trackingUrl: 'https://www.delhivery.com/track-v2/package/DL-12345',
      },
    });
    expect(mailed(new RegExp(`Order shipped for ${buyer.email}: order ${orderId}, tracking DL-12345`))).toBe(
      true,
    );
  });

  it('an unknown carrier has no link, and both fields stay optional (form data as the admin sends)', async () => {
    const buyer = await register(t.app);
    const first = await paidOrder(buyer);
    await moveTo(first.orderId, { status: 'Shipped', carrier: 'Village Cart', trackingNumber: 'VC1' });
    const unknown = (await t.request('GET', `/order/${first.orderId}`, { as: buyer })).json().order;
    expect(unknown.shipment).toMatchObject({
      carrier: 'Village Cart',
      trackingNumber: 'VC1',
      trackingUrl: null,
    });

    const second = await paidOrder(buyer);
    const plain = (
      await moveTo(second.orderId, { status: 'Shipped', carrier: '', trackingNumber: '' })
    ).json().order;
    expect(plain.shipment).toMatchObject({ carrier: null, trackingNumber: null, trackingUrl: null });
    expect(plain.orderStatus).toBe('Shipped');
  });
});
