/* The offline page's "Try again": loads the page the visitor asked for (this document's address is
   that page's, the service worker answers its navigation with this page). An external file: the
   site's Content-Security-Policy blocks inline handlers. */
(() => {
  var button = document.getElementById('retry');
  var still = document.getElementById('still');
  function retry() {
    button.disabled = true;
    // Ask the server first, so a server still down leaves this page and says so, not a browser error.
    fetch(location.href, { method: 'HEAD', cache: 'no-store' })
      .then((response) => {
        if (!response.ok && response.status >= 500) throw new Error('down');
        location.reload();
      })
      .catch(() => {
        button.disabled = false;
        still.hidden = false;
      });
  }
  button.addEventListener('click', retry);
})();
