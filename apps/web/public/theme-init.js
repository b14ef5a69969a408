/* global window, document */
// Runs before the app so the stored theme applies before first paint (no flash).
// Kept outside index.html because the Content-Security-Policy forbids inline scripts.
(function () {
  try {
    if (window.localStorage.getItem('mailtokit-theme') === 'dark') {
      document.documentElement.classList.add('dark');
    }
  } catch {
    // Storage unavailable (privacy mode): stay on the light theme.
  }
})();
