/**
 * Sanitises a post-login redirect path (part 1 section 5): null characters and parent-directory
 * segments removed, leading slash ensured, double slashes collapsed, trailing slash stripped.
 * Backslashes count as slashes, so `/\evil.com` cannot become a protocol-relative URL.
 */
export function sanitizeRedirect(input: string | null | undefined, fallback = '/dashboard'): string {
  if (!input) return fallback;
  let path = input.replaceAll('\0', '').replaceAll('\\', '/').trim();
  // Anything with a scheme is not a path of ours.
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return fallback;
  const [pathname = '', ...rest] = path.split(/(?=[?#])/);
  const segments = pathname.split('/').filter((s) => s !== '..' && s !== '.');
  path = `/${segments.join('/')}`.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path + rest.join('');
}
