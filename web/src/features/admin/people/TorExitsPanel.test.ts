import { describe, expect, it } from 'vitest';
import { countAddresses } from './TorExitsPanel';

describe('the Tor exit list counted before it is sent', () => {
  it('counts IPv4 and IPv6 addresses, one a line, and skips comments and blanks', () => {
    expect(
      countAddresses('# exits\n185.220.101.1\n\n2001:db8::1\r\n  23.129.64.130  \nnot-an-ip\n'),
    ).toBe(3);
  });

  it('finds nothing in an empty or wrong file', () => {
    expect(countAddresses('')).toBe(0);
    expect(countAddresses('<html>error</html>')).toBe(0);
  });
});
