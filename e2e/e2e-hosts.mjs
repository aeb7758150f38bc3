// Preloaded into the server by serve.ts (node --import): the e2e merchants' domains (<code>.e2e.test)
// resolve to this machine for the server's own outgoing calls too, as Chromium's --host-resolver-rules
// does for the browser (the test gateway calls the deposit's notify URL on the merchant's domain).
import dns from 'node:dns';

const lookup = dns.lookup;
dns.lookup = function e2eLookup(hostname, options, callback) {
  if (typeof hostname === 'string' && hostname.endsWith('.e2e.test')) {
    const cb = typeof options === 'function' ? options : callback;
    const all = typeof options === 'object' && options !== null && options.all;
    process.nextTick(() =>
      all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4),
    );
    return {};
  }
  return lookup.apply(this, arguments);
};
