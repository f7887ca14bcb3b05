// The fault catalogue: each entry names the clause it breaks. `emulate --list-faults` prints it.
import type { Fault } from './fault-types.js';
import type { EmuRequest, EmuResponse } from './exchange.js';

const isApi = (req: EmuRequest, method = 'GET') => req.method === method && req.path === '/api';
const withBody = (res: EmuResponse, change: (b: Record<string, unknown>) => unknown): EmuResponse =>
  ({ ...res, body: change(res.body as Record<string, unknown>) });
const withHeader = (req: EmuRequest, name: string, value: string | undefined): EmuRequest =>
  ({ ...req, headers: { ...req.headers, [name]: value } });
const dropHeader = (res: EmuResponse, name: string): EmuResponse => {
  const headers = { ...res.headers };
  delete headers[name];
  return { ...res, headers };
};
const onDeviceInfo = (change: (b: Record<string, unknown>) => unknown) =>
  (res: EmuResponse, req: EmuRequest) => (isApi(req) && res.status === 200 ? withBody(res, change) : res);

export const FAULTS: readonly Fault[] = [
  // INFO
  { name: 'info-missing-serial', clause: 'INFO-01', server: 'v2', says: 'GET /api omits serial',
    response: onDeviceInfo(({ serial: _, ...rest }) => rest) },
  { name: 'info-firmware-number', clause: 'INFO-01', server: 'v2', says: 'GET /api gives firmware_version as a number',
    response: onDeviceInfo((b) => ({ ...b, firmware_version: 6 })) },
  { name: 'firmware-three-digit-minor', clause: 'INFO-02', server: 'v2', says: 'firmware_version reads 6.001',
    response: onDeviceInfo((b) => ({ ...b, firmware_version: '6.001' })) },
  { name: 'api-version-two-parts', clause: 'INFO-03', server: 'v2', says: 'api_version reads "2.0" in GET /api',
    response: onDeviceInfo((b) => ({ ...b, api_version: '2.0' })) },
  { name: 'api-version-body-differs', clause: 'INFO-04', server: 'v2', says: 'api_version reads 2.1.0 while the header says 2.0.0',
    response: onDeviceInfo((b) => ({ ...b, api_version: '2.1.0' })) },
  { name: 'product-type-unknown', clause: 'INFO-05', server: 'v2', says: 'product_type is HWE-XYZ',
    response: onDeviceInfo((b) => ({ ...b, product_type: 'HWE-XYZ' })) },
  { name: 'serial-not-hex', clause: 'INFO-06', server: 'v2', says: 'serial is 5C2FAF-ABCDE (not 12 hex digits)',
    response: onDeviceInfo((b) => ({ ...b, serial: '5C2FAF-ABCDE' })) },
];
