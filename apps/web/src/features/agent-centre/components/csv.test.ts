import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and keeps Bengali text and negative amounts as they are', () => {
    expect(
      toCsv(
        ['name', 'net'],
        [
          ['a,b', '-12.50'],
          ['say "hi"', '3'],
          ['line\nbreak', 'সদস্য'],
        ],
      ),
    ).toBe('name,net\r\n"a,b",-12.50\r\n"say ""hi""",3\r\n"line\nbreak",সদস্য\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(toCsv(['x'], [['=SUM(A1)'], ['+1+1'], ['@cmd'], ['-x']])).toBe(
      "x\r\n'=SUM(A1)\r\n'+1+1\r\n'@cmd\r\n'-x\r\n",
    );
  });
});
