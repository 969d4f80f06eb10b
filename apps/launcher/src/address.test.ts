import { describe, expect, it } from 'vitest';
import { gatewayAddresses, isLoopbackOnly } from './address';

describe('gateway addresses', () => {
  it('prints the address HOST names, and probes it on this machine', () => {
    expect(gatewayAddresses({ host: '127.0.0.1', port: 3917 })).toEqual({
      browser: 'http://127.0.0.1:3917',
      probe: 'http://127.0.0.1:3917',
    });
    expect(gatewayAddresses({ host: 'localhost', port: 3000 })).toEqual({
      browser: 'http://localhost:3000',
      probe: 'http://127.0.0.1:3000',
    });
    expect(gatewayAddresses({ host: '192.168.1.20', port: 3000 }).probe).toBe('http://192.168.1.20:3000');
    expect(gatewayAddresses({ host: '::1', port: 3000 }).browser).toBe('http://[::1]:3000');
  });

  it('prints localhost for every-interface addresses, and PUBLIC_URL when it is set', () => {
    expect(gatewayAddresses({ host: '0.0.0.0', port: 3000 })).toEqual({
      browser: 'http://localhost:3000',
      probe: 'http://127.0.0.1:3000',
    });
    expect(gatewayAddresses({ host: '::', port: 3000 }).browser).toBe('http://localhost:3000');
    expect(gatewayAddresses({ host: '0.0.0.0', port: 3000, publicUrl: 'https://mnemo.example.com/' })).toEqual({
      browser: 'https://mnemo.example.com',
      probe: 'http://127.0.0.1:3000',
    });
  });

  it('knows which HOST values only this machine can reach', () => {
    expect(['localhost', '127.0.0.1', '127.0.1.1', '::1', '[::1]'].map(isLoopbackOnly)).toEqual([true, true, true, true, true]);
    expect(['0.0.0.0', '::', '192.168.1.20', 'mnemo.lan'].map(isLoopbackOnly)).toEqual([false, false, false, false]);
  });
});
