/* global window, document */
// Runs before the app so the theme applies before first paint (no flash). The build inlines
// it into index.html (vite.config.ts), minified: one request fewer on every first visit; the
// server's Content-Security-Policy allows it by its hash (scripts/postbuild.mjs). The stored
// choice is 'light' or 'dark'; none (the default, System) follows the device's setting.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('mailtokit-theme');
  } catch {
    // Storage unavailable (privacy mode): follow the device.
  }
  var dark =
    stored === 'dark' ||
    (stored !== 'light' &&
      !!window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('dark');
})();
