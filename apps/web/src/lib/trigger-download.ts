/**
 * Starts a browser download of a same-origin URL (a short-lived download link) by navigating an
 * `<a download>`: the page stays put and the server's Content-Disposition names the file.
 */
export function triggerDownload(url: string, fileName?: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
