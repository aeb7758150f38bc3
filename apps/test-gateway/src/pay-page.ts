import { displayAmount } from './money.js';
import { returnUrlOf, type Order } from './order.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

// Self-contained on purpose: the page must render with no network beyond the gateway itself.
const CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;
font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f6;color:#1d2433}
main{width:100%;max-width:420px;margin:24px 12px;background:#fff;border-radius:14px;
box-shadow:0 4px 20px rgba(20,30,60,.12);overflow:hidden}
header{background:#1f5eff;color:#fff;padding:16px 20px;display:flex;justify-content:space-between;align-items:center}
header h1{margin:0;font-size:20px}
header span{font-size:12px;opacity:.85;border:1px solid rgba(255,255,255,.6);border-radius:10px;padding:1px 8px}
section{padding:20px}
.amount{font-size:32px;font-weight:700;text-align:center;margin:4px 0 18px;word-break:break-all}
.amount small{font-size:16px;font-weight:600;color:#5b6475;margin-left:6px}
dl{margin:0 0 20px;display:grid;grid-template-columns:auto 1fr;gap:8px 12px;font-size:14px}
dt{color:#5b6475}dd{margin:0;text-align:right;word-break:break-all;font-family:ui-monospace,Menlo,monospace}
form{display:flex;gap:12px}
button,a.btn{flex:1;display:block;text-align:center;padding:14px;border:0;border-radius:10px;
font-size:17px;font-weight:600;cursor:pointer;text-decoration:none}
.pay{background:#14a44d;color:#fff}.decline{background:#e4e7ee;color:#1d2433}
a.btn{background:#1f5eff;color:#fff}
.state{text-align:center;font-size:20px;font-weight:700;margin:0 0 16px}
.SUCCESS{color:#14a44d}.FAILED{color:#d33a2c}
.note{font-size:12px;color:#8a92a3;text-align:center;margin:16px 0 0}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${CSS}</style></head>
<body><main><header><h1>Test Pay</h1><span>TEST MODE</span></header>
<section>${body}</section></main></body></html>`;
}

export function renderPayPage(order: Order): string {
  const rows = [
    ['Merchant', order.mchId],
    ['Order no', order.orderNo],
    ...(order.subject ? [['Subject', order.subject]] : []),
    ['Payment id', order.payOrderId],
  ]
    .map(([k, v]) => `<dt>${esc(k ?? '')}</dt><dd>${esc(v ?? '')}</dd>`)
    .join('');
  const amount = `<div class="amount" data-amount="${esc(order.amount)}">${displayAmount(order.amountMinor)}<small>${esc(order.currency)}</small></div>`;
  const action =
    order.status === 'PENDING'
      ? `<form method="post" action="/pay/${encodeURIComponent(order.payOrderId)}/confirm">
<button class="pay" type="submit" name="action" value="pay">Pay</button>
<button class="decline" type="submit" name="action" value="decline">Decline</button></form>`
      : `<p class="state ${order.status}" data-status="${order.status}">${order.status === 'SUCCESS' ? 'Payment successful' : 'Payment declined'}</p>
<a class="btn" href="${esc(returnUrlOf(order))}">Return to merchant</a>`;
  return layout(
    `Test Pay: ${order.orderNo}`,
    `${amount}<dl>${rows}</dl>${action}<p class="note">Test gateway: no real money moves.</p>`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return layout(title, `<p class="state">${esc(title)}</p><p class="note">${esc(message)}</p>`);
}
