import { ApiError, SESSION_EXPIRED_MESSAGE } from '../errors.ts';
import { apiConfig, leaveForLogin, serverMessage, type UploadProgressHandler } from './api-client.ts';

// Only the admin's product form uploads with progress: this module loads with the admin's calls
// (endpoints/admin-calls.ts), not on a guest's page.

/**
 * Sends a form with upload progress. Not through ky: ky's `onUploadProgress` streams the request body,
 * which Chromium refuses over HTTP/1.1 ("Failed to fetch"), so a shop served without HTTP/2 could not
 * upload at all. XMLHttpRequest reports progress on every protocol. Same base URL, bearer token, cookies
 * and 401 handling as the ky client; failures become the same ApiError (message empty when the server
 * gave none, for `call` to fill in).
 */
export async function sendFormWithProgress(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress: UploadProgressHandler,
): Promise<unknown> {
  const config = apiConfig();
  const token = config.getToken ? await config.getToken() : null;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${config.baseUrl}/${path}`);
    request.withCredentials = true;
    request.responseType = 'text';
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.onabort = () => reject(new TypeError('Upload aborted'));
    request.onload = () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(data);
        return;
      }
      const message = serverMessage(data);
      if (request.status === 401) void leaveForLogin(message ?? SESSION_EXPIRED_MESSAGE);
      reject(new ApiError(message ?? '', request.status));
    };
    request.send(form);
  });
}
