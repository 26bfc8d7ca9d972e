import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../client/api-client.ts';
import { createProduct, updateProduct } from './admin/products.ts';

const product = {
  _id: 'e'.repeat(24),
  name: 'Camera',
  price: 100,
  description: '',
  images: [{ url: '/uploads/a.png' }, { url: '/uploads/b.png' }],
  stock: 1,
  ratings: 0,
  numOfReviews: 0,
  category: 'Camera',
  reviews: [],
  createdAt: '2026-11-21T10:00:00.000Z',
};

interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
  body: unknown;
}

/** A scripted XMLHttpRequest: reports upload progress in two steps, then answers `reply`. */
let reply: { status: number; body: unknown };
let sent: SentRequest[];

class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    sent.push({
      method: this.method,
      url: this.url,
      headers: this.headers,
      withCredentials: this.withCredentials,
      body,
    });
    queueMicrotask(() => {
      for (const loaded of [400, 1000])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 1000 } as ProgressEvent);
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    });
  }
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  configureApi({ baseUrl: 'http://api.test/api/v1/', getToken: async () => 'tkn' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('product forms with upload progress', () => {
  it('POSTs the form with the token and cookies and reports progress up to 1', async () => {
    reply = { status: 201, body: { success: true, product } };
    const form = new FormData();
    form.set('name', 'Camera');
    const progress: number[] = [];
    const answer = await createProduct(form, { onUploadProgress: (fraction) => progress.push(fraction) });
    expect(answer.product.images).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: 'http://api.test/api/v1/admin/product/new',
      headers: { Authorization: 'Bearer tkn' },
      withCredentials: true,
      body: form,
    });
    expect(progress).toEqual([0.4, 1, 1]);
  });

  it("PUTs an update and carries the server's message, or the spec's fallback", async () => {
    reply = { status: 400, body: { success: false, message: 'Only image files are allowed' } };
    const onUploadProgress = vi.fn();
    await expect(updateProduct('e'.repeat(24), new FormData(), { onUploadProgress })).rejects.toMatchObject({
      status: 400,
      message: 'Only image files are allowed',
    });
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: `http://api.test/api/v1/admin/product/${'e'.repeat(24)}`,
    });
    reply = { status: 500, body: 'oops' };
    await expect(updateProduct('e'.repeat(24), new FormData(), { onUploadProgress })).rejects.toMatchObject({
      message: 'Failed to update product',
    });
  });
});
