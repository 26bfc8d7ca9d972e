import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { order, ordersPage, product, productsPage } from '../../testing/fixtures.ts';
import { renderAdmin } from '../../testing/render.tsx';
import { OrdersPage } from '../orders/OrdersPage.tsx';
import { ProductsPage } from '../products/ProductsPage.tsx';
import { lastThirtyDays, localDay, orderExportQueryOf, ordersCsvName } from './csv-files.ts';

const api = vi.hoisted(() => ({
  getAdminProductsPage: vi.fn(),
  getAdminOrdersPage: vi.fn(),
  downloadProductsCsv: vi.fn(),
  getOrdersCsv: vi.fn(),
  importProductsCsv: vi.fn(),
  saveFile: vi.fn(),
}));
vi.mock('../../../../shared-api/src/endpoints/admin/products.ts', () => ({
  getAdminProductsPage: api.getAdminProductsPage,
}));
vi.mock('../../../../shared-api/src/endpoints/orders.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  getAdminOrdersPage: api.getAdminOrdersPage,
}));
vi.mock('../../../../shared-api/src/endpoints/admin/spreadsheets.ts', () => ({
  downloadProductsCsv: api.downloadProductsCsv,
  getOrdersCsv: api.getOrdersCsv,
  importProductsCsv: api.importProductsCsv,
}));
vi.mock('../../../../shared-api/src/client/save-file.ts', () => ({ saveFile: api.saveFile }));

beforeEach(() => {
  vi.resetAllMocks();
  api.getAdminProductsPage.mockResolvedValue(productsPage([product(1)]));
  api.getAdminOrdersPage.mockResolvedValue(ordersPage([order(1)]));
});

const csvFile = (name = 'products.csv', text = 'name,price,category,stock\nHat,1,Tops,1\n') =>
  new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'image/png' });

async function openImport() {
  renderAdmin(<ProductsPage />, { path: '/admin/products' });
  const toggle = await screen.findByRole('button', { name: 'Import CSV' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return screen.findByRole('form', { name: 'Import products from CSV' });
}

const choose = (form: HTMLElement, file: File) =>
  fireEvent.change(within(form).getByLabelText('CSV file'), { target: { files: [file] } });

describe('products CSV', () => {
  it('exports every product as products-<today>.csv', async () => {
    let finish!: () => void;
    api.downloadProductsCsv.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    renderAdmin(<ProductsPage />, { path: '/admin/products' });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(api.downloadProductsCsv).toHaveBeenCalledWith(`products-${localDay()}.csv`);
    // Busy while the file comes.
    expect(screen.getByRole('button', { name: /Exporting/ })).toBeDisabled();
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('imports the chosen file as it is and shows what was applied', async () => {
    api.importProductsCsv.mockResolvedValue({ applied: true, created: 2, updated: 1, unchanged: 3 });
    const form = await openImport();
    const file = csvFile();
    choose(form, file);
    fireEvent.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Imported: 2 products created, 1 updated, 3 unchanged.',
    );
    expect(api.importProductsCsv).toHaveBeenCalledWith(file);
    // The list is asked again for what the import changed.
    expect(api.getAdminProductsPage.mock.calls.length).toBeGreaterThan(1);
  });

  it('lists each bad row with its reason when the import is refused, saying nothing was imported', async () => {
    api.importProductsCsv.mockResolvedValue({
      applied: false,
      message: '2 rows cannot be imported: nothing was imported',
      badRowsCount: 2,
      badRows: [
        { row: 4, reason: 'price: Price must be a number' },
        { row: 9, reason: 'id: no product has the id 0123456789abcdef01234567' },
      ],
    });
    const form = await openImport();
    choose(form, csvFile());
    fireEvent.click(within(form).getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported');
    expect(alert).toHaveTextContent('2 rows cannot be imported: nothing was imported');
    const table = screen.getByRole('table', { name: 'Rows that cannot be imported' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'RowReason',
      '4price: Price must be a number',
      '9id: no product has the id 0123456789abcdef01234567',
    ]);
  });

  it('says which file it wants before sending anything, and shows a failure of the call', async () => {
    const form = await openImport();
    fireEvent.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByText('Please choose a CSV file')).toBeInTheDocument();
    choose(form, csvFile('photo.png'));
    expect(await within(form).findByText('Please choose a CSV file (.csv)')).toBeInTheDocument();
    expect(api.importProductsCsv).not.toHaveBeenCalled();

    api.importProductsCsv.mockRejectedValue(new ApiError('body: a CSV file is limited to 32 MiB', 413));
    choose(form, csvFile());
    fireEvent.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('body: a CSV file is limited to 32 MiB');
  });

  it('closes the panel with Close', async () => {
    const form = await openImport();
    fireEvent.click(within(form).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('form', { name: 'Import products from CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('orders CSV', () => {
  async function openExport() {
    renderAdmin(<OrdersPage />, { path: '/admin/orders' });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    return screen.findByRole('form', { name: 'Export orders as CSV' });
  }

  it('downloads the lines of the last 30 days by default, the days turned into the api’s instants', async () => {
    const file = new Blob(['\uFEFForderId,…\r\n1,…\r\n'.repeat(20)]);
    api.getOrdersCsv.mockResolvedValue(file);
    const form = await openExport();
    const days = lastThirtyDays();
    expect(within(form).getByLabelText('From')).toHaveValue(days.from);
    expect(within(form).getByLabelText('To')).toHaveValue(days.to);
    fireEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(api.saveFile).toHaveBeenCalledWith(file, ordersCsvName(days)));
    expect(api.getOrdersCsv).toHaveBeenCalledWith(orderExportQueryOf(days));
    const { from, to } = orderExportQueryOf(days);
    // `to` is the next day's start: the last day is included whole.
    expect(Date.parse(to!) - Date.parse(from!)).toBeGreaterThanOrEqual(29.9 * 86_400_000);
  });

  it('says when no order was placed in the range instead of saving an empty file', async () => {
    api.getOrdersCsv.mockResolvedValue(
      new Blob(
        [
          '\uFEFForderId,placedAt,customerEmail,orderStatus,paymentStatus,paymentMethod,productId,productName,quantity,unitPrice,lineTotal,itemsPrice,taxPrice,shippingPrice,totalPrice\r\n',
        ],
        { type: 'text/csv' },
      ),
    );
    const form = await openExport();
    fireEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    expect(
      await screen.findByText('No orders were placed in that range: there is nothing to export.'),
    ).toBeInTheDocument();
    expect(api.saveFile).not.toHaveBeenCalled();
  });

  it('refuses a range that ends before it starts, and shows a failed export', async () => {
    const form = await openExport();
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-05-02' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-05-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    expect(await within(form).findByText('To must be on or after From')).toBeInTheDocument();
    expect(api.getOrdersCsv).not.toHaveBeenCalled();

    api.getOrdersCsv.mockRejectedValue(new ApiError('Failed to export the orders', 0));
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-05-31' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to export the orders');
    expect(api.getOrdersCsv).toHaveBeenCalledWith(
      orderExportQueryOf({ from: '2026-05-02', to: '2026-05-31' }),
    );
  });
});
