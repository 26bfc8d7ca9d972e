import PDFDocument from 'pdfkit';
import { PAYMENT_METHOD_LABELS, SHOP_TIME_ZONE } from '@shop/shared-api/schemas';
import type { InvoiceRow } from '../db/schema.ts';
import { GST_RATES } from './gst.ts';

/**
 * Money as printed on the invoice: '1,23,456.78' (Indian grouping). The PDF's built-in fonts have no
 * rupee sign, so the heading says the amounts are in INR instead of embedding a font for one glyph.
 */
export const invoiceAmount = (paise: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);

const dateOf = (moment: Date | string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: SHOP_TIME_ZONE, dateStyle: 'long' }).format(new Date(moment));

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN; // A4

/** The invoice as a one-or-more page A4 PDF, drawn from what was stored when it was issued. */
export function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Tax Invoice ${invoice.number}`, Author: invoice.document.seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { document: d } = invoice;
  const intra = d.supply === 'intra';

  doc.font('Helvetica-Bold').fontSize(18).text('Tax Invoice');
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
  doc.text(`Invoice No.: ${invoice.number}`);
  doc.text(`Invoice date: ${dateOf(invoice.issuedAt)}`);
  doc.text(`Order: ${invoice.orderId} (placed ${dateOf(d.orderPlacedAt)})`);
  doc.text(
    `Payment: ${PAYMENT_METHOD_LABELS[d.paymentMethod]}${d.paymentMethod === 'cod' ? ', received on delivery' : ''}`,
  );
  doc.moveDown();

  const top = doc.y;
  const half = WIDTH / 2 - 10;
  doc.font('Helvetica-Bold').text('Seller', MARGIN, top, { width: half });
  doc.font('Helvetica').text(d.seller.name, { width: half });
  doc.text(d.seller.address, { width: half });
  doc.text(`State: ${d.seller.state}`, { width: half });
  doc.text(`GSTIN: ${d.seller.gstin}`, { width: half });
  const sellerBottom = doc.y;
  const right = MARGIN + WIDTH / 2 + 10;
  doc.font('Helvetica-Bold').text('Bill to / Ship to', right, top, { width: half });
  doc.font('Helvetica').text(d.buyer.name, { width: half });
  doc.text(d.buyer.address, { width: half });
  doc.text(`${d.buyer.state} ${d.buyer.pinCode}, ${d.buyer.country}`, { width: half });
  doc.text(`Place of supply: ${d.buyer.state}`, { width: half });
  doc.y = Math.max(sellerBottom, doc.y);
  doc.moveDown();

  // Columns: description, HSN, quantity, unit price, taxable value, the GST share(s), line total.
  const taxColumns = intra
    ? [`CGST ${GST_RATES.cgst}%`, `SGST ${GST_RATES.sgst}%`]
    : [`IGST ${GST_RATES.igst}%`];
  const headers = ['Item', 'HSN', 'Qty', 'Rate', 'Taxable value', ...taxColumns, 'Amount'];
  const widths = intra ? [150, 40, 30, 55, 65, 55, 55, 65] : [185, 45, 30, 60, 70, 60, 65];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let x = MARGIN;
    let bottom = y;
    cells.forEach((cell, index) => {
      const width = widths[index]!;
      doc.text(cell, x, y, { width: width - 4, align: index < 2 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
      x += width;
    });
    doc.y = bottom + 4;
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  };
  row(headers, true);
  doc
    .moveTo(MARGIN, doc.y - 2)
    .lineTo(MARGIN + WIDTH, doc.y - 2)
    .stroke();
  for (const line of d.lines) {
    const tax = intra ? [line.cgstPaise, line.sgstPaise] : [line.igstPaise];
    const amount = line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise;
    row([
      line.name,
      line.hsn,
      String(line.quantity),
      invoiceAmount(line.unitPaise),
      invoiceAmount(line.taxablePaise),
      ...tax.map(invoiceAmount),
      invoiceAmount(amount),
    ]);
  }
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .stroke();
  doc.moveDown();

  const totals: [string, number][] = [
    ['Taxable value', d.taxablePaise],
    ...(intra
      ? ([
          [`CGST ${GST_RATES.cgst}%`, d.cgstPaise],
          [`SGST ${GST_RATES.sgst}%`, d.sgstPaise],
        ] as [string, number][])
      : ([[`IGST ${GST_RATES.igst}%`, d.igstPaise]] as [string, number][])),
    ['Shipping charges', d.shippingPaise],
  ];
  const labelX = MARGIN + WIDTH - 260;
  const total = (label: string, paise: number, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
    doc.text(label, labelX, y, { width: 160 });
    doc.text(invoiceAmount(paise), labelX + 160, y, { width: 100, align: 'right' });
  };
  for (const [label, paise] of totals) total(label, paise);
  total('Total (INR)', d.totalPaise, true);
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(
      `All amounts in Indian rupees (INR). ${intra ? 'Intra-state supply: CGST and SGST' : 'Inter-state supply: IGST'}. ` +
        'GST is not payable on reverse charge. This is a computer-generated invoice.',
      MARGIN,
      doc.y,
      { width: WIDTH },
    );
  doc.end();
  return finished;
}
