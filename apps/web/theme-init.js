/* global window, document */
// Runs before the app so the stored theme applies before first paint (no flash). The build
// inlines it into index.html (vite.config.ts), minified: one request fewer on every first
// visit; the server's Content-Security-Policy allows it by its hash (scripts/postbuild.mjs).
(function () {
  try {
    if (window.localStorage.getItem('mailtokit-theme') === 'dark') {
      document.documentElement.classList.add('dark');
    }
  } catch {
    // Storage unavailable (privacy mode): stay on the light theme.
  }
})();
