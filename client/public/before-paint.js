// Runs before the first paint (a classic script in <head>: the CSP forbids inline ones). Applies
// the stored theme, and marks a signed-in browser so index.css hides a pre-rendered signed-out
// page (the landing at /) until the app has replaced it: no flash of the wrong page. Holds back
// the submit of a pre-rendered form until the app has taken it over (data-ready): sent natively
// it would reload the page and lose what was typed (hooks/useTypedBeforeHydration.ts).
/* global document, localStorage */
(function () {
  try {
    var root = document.documentElement;
    if (localStorage.getItem('theme') === 'dark') root.classList.add('dark');
    if (localStorage.getItem('access_token')) root.classList.add('signed-in');
  } catch {
    // Storage blocked: light theme, and the page is shown as it came.
  }
  document.addEventListener(
    'submit',
    function (event) {
      if (!event.target.hasAttribute('data-ready')) event.preventDefault();
    },
    true,
  );
})();
