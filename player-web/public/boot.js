// The boot screen's "Loading..." (and the offline page's words) in the reader's language (the one chosen in the app,
// else the browser's) and colours (the light scheme when the reader chose it), before the app's code has arrived. A
// file of our own origin: the Content-Security-Policy allows no inline script.
(function () {
  // A page the server drew has no boot screen and is in its language already: touching <html> again would only
  // make the browser restyle the whole page.
  if (document.getElementById('app-code')) return;
  var lang = null;
  var mode = null;
  try {
    lang = localStorage.getItem('ecup.lang');
    mode = localStorage.getItem('mui-mode');
  } catch {
    // Storage refused (a private window's settings): the browser's language and the dark default.
  }
  var light = mode === 'light' || (mode === 'system' && matchMedia('(prefers-color-scheme: light)').matches);
  if (light) document.documentElement.classList.add('boot-light');
  if (lang !== 'en' && lang !== 'sv') lang = navigator.language.toLowerCase().indexOf('sv') === 0 ? 'sv' : 'en';
  document.documentElement.lang = lang;
  var texts = document.querySelectorAll('[data-boot-text]');
  for (var i = 0; i < texts.length; i++) {
    var text = texts[i].getAttribute('data-' + lang);
    if (text) texts[i].textContent = text;
  }
})();
// A page the server drew names the app's code instead of loading it in its head (api/src/ssr/server-render.ts):
// it is fetched once the page has painted (the frame after the first, or after half a second in a tab that draws no
// frames), so the page shows at once on a slow line and the app takes it over when its code is here.
(function () {
  var named = document.getElementById('app-code');
  if (!named) return;
  var code = JSON.parse(named.textContent);
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    for (var i = 0; i < code.preload.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = code.preload[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = code.entry;
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  setTimeout(load, 500);
})();
