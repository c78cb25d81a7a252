// Applies the stored (or system) theme before the app loads, so a dark page never flashes white.
// A file rather than an inline script: the Content-Security-Policy allows scripts from 'self' only.
(() => {
  let t = null;
  try {
    t = localStorage.getItem('theme');
  } catch {}
  if (t !== 'light' && t !== 'dark')
    t = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = t;
  document.documentElement.style.colorScheme = t;
})();
