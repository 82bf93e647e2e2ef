import { isPublicAddress } from './destination-guard';

describe('isPublicAddress', () => {
  it('takes public IPv4 and IPv6 global unicast addresses', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });

  it('refuses loopback, private, link-local and every IPv6 form outside global unicast', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '::1',
      '::ffff:127.0.0.1',
      '::7f00:1',
      '::a01:203',
      'fe80::1',
      'fc00::1',
      '64:ff9b::7f00:1',
      '::',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
  });
});
