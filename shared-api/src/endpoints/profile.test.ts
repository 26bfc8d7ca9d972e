// @vitest-environment node
// Node's own fetch classes: happy-dom's Request cannot read a multipart body back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../client/api-client.ts';
import { updateProfile } from './profile.ts';

afterEach(() => vi.unstubAllGlobals());

describe('updateProfile', () => {
  it('sends name, email and the avatar data URL as form data with the token', async () => {
    const user = {
      _id: 'b'.repeat(24),
      name: 'Asha',
      email: 'asha@example.com',
      avatar: { url: '/uploads/a.png' },
      role: 'user',
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    let sent: { request: Request; form: FormData } | undefined;
    const fetchMock = vi.fn(async (request: Request) => {
      sent = { request, form: await request.clone().formData() };
      return new Response(JSON.stringify({ success: true, user }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ baseUrl: 'http://api.test/api/v1', getToken: async () => 'fresh-token' });

    await expect(
      updateProfile({ name: 'Asha', email: 'asha@example.com', avatar: 'data:image/png;base64,AAAA' }),
    ).resolves.toEqual(user);

    const { request, form } = sent!;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('http://api.test/api/v1/me/update');
    expect(request.headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(form.get('name')).toBe('Asha');
    expect(form.get('email')).toBe('asha@example.com');
    expect(form.get('avatar')).toBe('data:image/png;base64,AAAA');
  });
});
