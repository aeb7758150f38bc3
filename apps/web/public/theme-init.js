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
