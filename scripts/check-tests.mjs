// Fails when a test is skipped, focused or left as a todo: CI must run every test it has.
import fs from 'node:fs';
import path from 'node:path';

const roots = ['apps', 'packages', 'e2e'];
const banned = /\b(?:it|test|describe)\.(?:skip|only|todo|fixme)\b|\b(?:xit|xdescribe|fit|fdescribe)\(/;
const bad = [];
function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.(test|spec)\.tsx?$/.test(e.name)) {
      fs.readFileSync(p, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (banned.test(line)) bad.push(`${p}:${i + 1}: ${line.trim()}`);
        });
    }
  }
}
roots.filter((r) => fs.existsSync(r)).forEach(walk);
if (bad.length) {
  console.error('Skipped or focused tests are not allowed:\n' + bad.join('\n'));
  process.exit(1);
}
console.log('check-tests: no skipped or focused tests');
