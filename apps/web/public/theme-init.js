// Apply the stored theme before the first paint so a light-theme user never sees a dark flash.
// A classic (blocking) script file: the Content-Security-Policy allows no inline script.
try {
  var t = localStorage.getItem('theme');
  if (t === 'light' || t === 'dark') document.documentElement.setAttribute('data-theme', t);
  var l = localStorage.getItem('language');
  if (l) document.documentElement.setAttribute('lang', l);
} catch {
  // storage blocked (private mode): the default theme and language stay
}

// Start the first API calls now rather than once the app's code has downloaded and run (seconds on a
// phone on mobile data): the status call every page waits for and, on the home page of a visitor, the
// announcements whose first banner is the page's largest picture. The app takes an answer only for
// the same request, same headers included (shared/api/client.ts, takeEarlyCall); one it does not take
// costs a request and nothing else.
try {
  (function () {
    var lang = localStorage.getItem('language') || 'bn';
    var params = new URLSearchParams(location.search);
    // a `?token=` link's session: the app adopts it before its first call (shared/store/session.ts)
    var linked = params.get('token');
    var token =
      linked && /^[A-Za-z0-9._~+/=-]{16,512}$/.test(linked) ? linked : sessionStorage.getItem('token');
    var merchant = sessionStorage.getItem('merchantCode') || localStorage.getItem('merchantCode');
    var headers = { Accept: 'application/json', Device: 'web', Language: lang.toUpperCase() };
    if (merchant) headers.Merchant = merchant;
    if (token) headers.Authorization = token;
    // index.html as the server sent it may carry the first screen's pictures in its skeleton
    // (server: platform/web-shell.ts), in the language the site starts in; they are hidden for a
    // visitor who reads another one, and on the home page of a member (not what it shows them)
    var root = document.documentElement;
    var shellLang = root.getAttribute('data-shell-lang');
    var onHome = ['/', '/index', '/home', '/login', '/register'].indexOf(location.pathname) >= 0;
    if (token) root.setAttribute('data-member', '');
    if (shellLang && (shellLang !== lang || (onHome && token))) root.setAttribute('data-shell', 'off');
    var shellShown = !!shellLang && !root.hasAttribute('data-shell');
    var early = (window.__bpEarly = []);
    var start = function (url) {
      var call = { url: url, headers: headers, response: fetch(url, { headers: headers }) };
      early.push(call);
      return call.response;
    };
    start('/wps/system/status');
    var preload = function (url) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = url;
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    };
    // A category page as a link opens it (/rng, /live...: no filter in the address but a `?token=`):
    // its vendor lanes and first page of games, the same requests as the page's
    // (features/lobby: categoryFilterOf, gameListQuery, vendorLanesQuery), and its first six tiles'
    // pictures, the page's largest paint (the tiles the page loads eagerly)
    var category = /^\/(rng|live|fish|pvp|sports|esports|lott|elott)$/.exec(location.pathname);
    var filtered = ['vassalage', 'classify', 'q', 'page'].some(function (k) {
      return params.has(k);
    });
    if (category && !filtered && !params.has('merchant')) {
      var q = 'platform=html5-desktop&language=' + encodeURIComponent(lang.toUpperCase());
      start('/wps/relay/GCSGAME_newGameVendor?' + q);
      start(
        '/wps/relay/GCSGAME_gameList?clientType=3&' +
          q +
          '&gameType=' +
          category[1].toUpperCase() +
          '&pageNo=1&pageSize=24',
      )
        .then(function (res) {
          return res.clone().json();
        })
        .then(function (body) {
          // sports and esports show their vendors' tiles, not this list
          if (category[1] === 'sports' || category[1] === 'esports') return;
          // the skeleton's own pictures are these (the browser asked for them with the page)
          if (shellShown) return;
          var games = (body && body.value && body.value.games) || [];
          for (var i = 0; i < games.length && i < 6; i++) {
            var icon = games[i].iconUrl || games[i].showIcon;
            if (icon) preload(icon);
          }
        })
        .catch(function () {
          // the page asks again
        });
      return;
    }
    var home = ['/', '/index', '/index.html', '/home', '/login', '/register'];
    if (token || params.has('token') || params.has('merchant') || home.indexOf(location.pathname) < 0) return;
    start(
      '/wps/relay/MCSFE_getListAnnouncements?types=B%2CPL%2CPU%2CPR%2CH&platform=W&execution=B&language=' +
        encodeURIComponent(lang.toUpperCase()),
    )
      .then(function (res) {
        return res.clone().json();
      })
      .then(function (body) {
        // the first home banner, fetched with the page's highest priority while the app loads
        var first = null;
        var banners = (body && body.value && body.value.banners) || [];
        for (var i = 0; i < banners.length; i++) {
          var b = banners[i];
          if (b.groupName === 'w_home' && b.url && (!first || b.sequence < first.sequence)) first = b;
        }
        if (!first || shellShown) return;
        preload(first.url);
        // and drawn at once in the skeleton's banner box (the box the home page shows it in on a
        // phone): the picture needs none of the app's code, and the app's boot screen and home page
        // draw the same picture in the same box until their own arrives (window.__bpBanner)
        window.__bpBanner = { url: first.url, language: lang.toUpperCase() };
        // only index.html's own skeleton (once React has drawn its boot screen the DOM is React's),
        // and only below 768 px, where the skeleton's box is the home page's (shared/ui/Loader.tsx)
        var box = document.querySelector('#static-shell > svg.app-shell-banner');
        if (box && window.matchMedia('(max-width: 767px)').matches) {
          var img = document.createElement('img');
          img.className = 'app-shell-banner app-shell-banner--img';
          img.alt = '';
          img.setAttribute('fetchpriority', 'high');
          img.src = first.url;
          box.replaceWith(img);
        }
      })
      .catch(function () {
        // the app asks again
      });
  })();
} catch {
  // no fetch or storage: the app makes its calls itself
}

// Start the app (index.html fetches its entry as <link rel="modulepreload" data-entry>, built so by
// build-tools/paint-first.ts) once the static skeleton has been painted with the pictures it shows:
// run at once, the entry's evaluation and first render held back the first frame on a phone, and
// React replaced the skeleton before its pictures were ever painted. At the latest after a second
// (a hidden tab paints nothing); at once where the browser cannot tell when it painted.
(function () {
  var started = false;
  var start = function () {
    if (started) return;
    var entry = document.querySelector('link[data-entry]');
    if (!entry) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.getAttribute('href');
    document.head.appendChild(script);
  };
  var afterPaint = function () {
    var shown = [].slice.call(document.querySelectorAll('#static-shell img')).filter(function (img) {
      return img.getClientRects().length > 0 && !img.complete;
    });
    if (shown.length === 0) return start();
    // a picture that arrives after the first frame is painted in the frame after it has decoded
    Promise.all(
      shown.map(function (img) {
        return img.decode().catch(function () {});
      }),
    ).then(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  };
  var ready = function () {
    setTimeout(start, 1000);
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') < 0) return start();
    try {
      var observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        afterPaint();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      start();
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
})();
