import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, FALLBACK_MESSAGES } from '../errors.ts';
import { getMe, promoteToAdmin, updateProfile } from '../endpoints/profile.ts';
import { login, refreshSession } from '../endpoints/identity.ts';
import { configureApi, isLeavingForLogin } from './api-client.ts';
import { LOGOUT_MESSAGE_KEY, takeLogoutMessage } from './logout-message.ts';

const user = {
  _id: 'a'.repeat(24),
  name: 'Asha',
  email: 'asha@example.com',
  avatar: { url: '/profile.png' },
  role: 'user',
  createdAt: '2026-11-21T10:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
let onUnauthorized: ReturnType<typeof vi.fn<(message: string) => void>>;

beforeEach(() => {
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  onUnauthorized = vi.fn<(message: string) => void>();
  sessionStorage.clear();
  configureApi({ baseUrl: 'http://api.test/api/v1/', getToken: async () => 'token-1', onUnauthorized });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lastRequest = () => fetchMock.mock.calls.at(-1)![0];

describe('the api client', () => {
  it('sends the bearer token and cookies to the configured base', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, user }));
    await expect(getMe()).resolves.toEqual(user);
    const request = lastRequest();
    expect(request.url).toBe('http://api.test/api/v1/me');
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    expect(request.credentials).toBe('include');
  });

  it('is not leaving for /login before any 401', () => {
    expect(isLeavingForLogin()).toBe(false);
  });

  it('sends no token for sign-in', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, user, accessToken: 't', expiresIn: 900 }));
    await login({ email: 'asha@example.com', password: 'secret123' });
    expect(lastRequest().headers.get('Authorization')).toBeNull();
  });

  it("on a 401 stores the server's message, clears the session and goes to /login", async () => {
    fetchMock.mockResolvedValue(json(401, { success: false, message: 'Your session was revoked' }));
    await expect(getMe()).rejects.toMatchObject({ status: 401, message: 'Your session was revoked' });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(onUnauthorized).toHaveBeenCalledWith('Your session was revoked');
    expect(sessionStorage.getItem(LOGOUT_MESSAGE_KEY)).toBe('Your session was revoked');
    expect(isLeavingForLogin()).toBe(true);
    expect(takeLogoutMessage()).toBe('Your session was revoked');
    expect(takeLogoutMessage()).toBeNull();
  });

  it('uses the default logout message when the 401 has none', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    await expect(promoteToAdmin()).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(sessionStorage.getItem(LOGOUT_MESSAGE_KEY)).toBe('Session expired. Please login again.');
  });

  it('leaves for /login only once when several calls fail together', async () => {
    fetchMock.mockImplementation(async () =>
      json(401, { success: false, message: 'Session expired. Please login again.' }),
    );
    await Promise.allSettled([getMe(), getMe(), promoteToAdmin()]);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 from sign-in and refresh as their own answer, not a dead session', async () => {
    fetchMock.mockResolvedValue(json(401, { success: false, message: 'Invalid email or password' }));
    await expect(login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    await expect(refreshSession()).rejects.toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("carries the server's message on other failures", async () => {
    fetchMock.mockResolvedValue(json(403, { success: false, message: 'Self promotion is disabled' }));
    await expect(promoteToAdmin()).rejects.toMatchObject({
      status: 403,
      message: 'Self promotion is disabled',
    });
  });

  it("falls back to the spec's text when the server gives none", async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    await expect(getMe()).rejects.toMatchObject({ status: 500, message: FALLBACK_MESSAGES.loadUser });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(updateProfile({ name: 'A', email: 'a@b.co' })).rejects.toMatchObject({
      status: 0,
      message: 'Failed to update profile',
    });
  });

  it("refuses an answer that is no JSON object (a proxy's page, an empty body) with the spec's text", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(200, null));
    await expect(getMe()).rejects.toMatchObject({ message: 'Failed to load user' });
    fetchMock.mockResolvedValue(json(200, [{ success: true }]));
    await expect(getMe()).rejects.toMatchObject({ message: 'Failed to load user' });
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(getMe()).rejects.toMatchObject({ message: 'Failed to load user' });
  });
});

describe("the boot script's first call (shell/index.html)", () => {
  afterEach(() => {
    delete window.__shopFirstCall;
  });

  it('answers the same first request once, without asking the api again', async () => {
    window.__shopFirstCall = {
      url: 'http://api.test/api/v1/me',
      response: Promise.resolve(json(200, { success: true, user })),
    };
    await expect(getMe()).resolves.toEqual(user);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(json(200, { success: true, user: { ...user, name: 'Asha R' } }));
    await expect(getMe()).resolves.toMatchObject({ name: 'Asha R' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not taken for another address', async () => {
    window.__shopFirstCall = {
      url: 'http://api.test/api/v1/products?page=1',
      response: Promise.resolve(json(200, { success: true, user: { ...user, name: 'Someone else' } })),
    };
    fetchMock.mockResolvedValue(json(200, { success: true, user }));
    await expect(getMe()).resolves.toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__shopFirstCall).toBeDefined();
  });

  it('asks the api itself when the early answer failed or was an error', async () => {
    window.__shopFirstCall = {
      url: 'http://api.test/api/v1/me',
      response: Promise.resolve(json(503, { success: false, message: 'Busy' })),
    };
    fetchMock.mockImplementation(async () => json(200, { success: true, user }));
    await expect(getMe()).resolves.toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    window.__shopFirstCall = {
      url: 'http://api.test/api/v1/me',
      response: Promise.reject(new TypeError('offline')),
    };
    await expect(getMe()).resolves.toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
