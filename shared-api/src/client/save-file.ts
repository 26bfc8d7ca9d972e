/**
 * Hands a file the api answered to the browser as a download named `filename` (the api needs the bearer
 * token, so no plain link can fetch it).
 */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the address is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
