// Hands a downloaded file to the browser: an object URL on a temporary <a download>, clicked and removed again.
// The URL is revoked a moment later, because some browsers start reading it only after the click returns.

const REVOKE_AFTER_MS = 10_000;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

/** report_2026-03-04_101500.pdf: the name when neither the server nor the caller has one (spec section 7). */
export function fallbackFileName(prefix: string, extension: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${prefix}_${date}_${time}.${extension}`;
}
