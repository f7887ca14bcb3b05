import { describe, expect, test } from 'vitest';
import { type ServiceRecord, mergeRecords } from './records.js';

const v1 = (txt: Record<string, string>, over: Partial<ServiceRecord> = {}): ServiceRecord => ({
  type: 'hwenergy',
  name: 'energysocket-27FF1E',
  address: '10.0.0.7',
  port: 80,
  txt,
  ...over,
});
const v2 = (txt: Record<string, string>, over: Partial<ServiceRecord> = {}): ServiceRecord => ({
  type: 'homewizard',
  name: 'energysocket-27FF1E',
  address: '10.0.0.7',
  port: 443,
  txt,
  ...over,
});
const SOCKET = { serial: '5c2faf27ff1e', product_name: 'Energy Socket', product_type: 'HWE-SKT' };

describe('merging DNS-SD records (real-world.md "Discovery")', () => {
  test('the v1 and v2 services of one serial make one row, with both ports, and each service as advertised', () => {
    const [hw, hh] = [v1({ api_enabled: '1', path: '/api/v1', ...SOCKET }), v2({ api_version: '2.0.0', id: 'appliance/energysocket/5c2faf27ff1e', ...SOCKET })];
    expect(mergeRecords([hw, hh])).toEqual([
      {
        kind: 'energysocket',
        product_type: 'HWE-SKT',
        product_name: 'Energy Socket',
        serial: '5c2faf27ff1e',
        address: '10.0.0.7',
        v1Port: 80,
        v2Port: 443,
        api_enabled: '1',
        api_version: '2.0.0',
        id: 'appliance/energysocket/5c2faf27ff1e',
        notes: [],
        services: { hwenergy: { name: hw.name, port: 80, txt: hw.txt }, homewizard: { name: hh.name, port: 443, txt: hh.txt } },
      },
    ]);
  });

  test('a v1-only device (watermeter) is a row without a v2 port', () => {
    const [d] = mergeRecords([v1({ api_enabled: '1', path: '/api/v1', serial: '5c2faf000001', product_name: 'Watermeter', product_type: 'HWE-WTR' })]);
    expect(d).toMatchObject({ kind: 'watermeter', v1Port: 80, v2Port: null, id: null, notes: [] });
  });

  test('records with missing or odd TXT keys are listed with a note, not dropped', () => {
    const devices = mergeRecords([
      v1({ api_enabled: '0', path: '/api/v1', serial: '5C2FAF-00', product_name: 'X', product_type: 'HWE-XYZ' }),
      v2({ api_version: '2.0.0' }, { name: 'p1meter-000002', address: '10.0.0.9' }),
    ]);
    expect(devices).toHaveLength(2);
    const odd = devices.find((d) => d.address === '10.0.0.7')!;
    expect(odd.kind).toBeNull();
    expect(odd.notes).toEqual(
      expect.arrayContaining([
        'serial "5C2FAF-00" is not 12 hex digits',
        'api_enabled is "0": the local API is switched off in the app',
        'product_type "HWE-XYZ" is unknown',
      ]),
    );
    const bare = devices.find((d) => d.address === '10.0.0.9')!;
    expect(bare.notes).toEqual(
      expect.arrayContaining([
        '_homewizard._tcp lacks TXT id, serial, product_name, product_type',
        'p1meter-000002: no serial in TXT, so it cannot be matched with another service',
      ]),
    );
  });

  test('disagreements between the services of one serial, and an id that names another device, are noted', () => {
    const [d] = mergeRecords([
      v1({ api_enabled: '1', path: '/api/v1', ...SOCKET }),
      v2({ api_version: '2.0.0', id: 'appliance/energysocket/000000000000', ...SOCKET, product_type: 'HWE-P1' }, { address: '10.0.0.8' }),
    ]);
    expect(d!.notes).toEqual(
      expect.arrayContaining([
        'also answered from 10.0.0.8',
        'the services disagree on product_type: "HWE-SKT" and "HWE-P1"',
        'id "appliance/energysocket/000000000000" does not name appliance/energysocket/5c2faf27ff1e',
      ]),
    );
  });
});
