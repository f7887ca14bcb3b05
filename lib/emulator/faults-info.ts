// Faults of device information (INFO): each names the clause it breaks.
import { onDeviceInfo } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

export const INFO_FAULTS: readonly FaultRow[] = [
  { name: 'info-missing-serial', clause: 'INFO-01', says: 'GET /api omits serial', response: onDeviceInfo(({ serial: _, ...rest }) => rest) },
  {
    name: 'info-firmware-number',
    clause: 'INFO-01',
    says: 'GET /api gives firmware_version as a number',
    response: onDeviceInfo((b) => ({ ...b, firmware_version: 6 })),
  },
  {
    name: 'firmware-three-digit-minor',
    clause: 'INFO-02',
    says: 'firmware_version reads 6.001',
    response: onDeviceInfo((b) => ({ ...b, firmware_version: '6.001' })),
  },
  {
    name: 'api-version-two-parts',
    clause: 'INFO-03',
    says: 'api_version reads "2.0" in GET /api',
    response: onDeviceInfo((b) => ({ ...b, api_version: '2.0' })),
  },
  {
    name: 'api-version-body-differs',
    clause: 'INFO-04',
    says: 'api_version reads 2.1.0 while the header says 2.2.0',
    response: onDeviceInfo((b) => ({ ...b, api_version: '2.1.0' })),
  },
  {
    name: 'product-type-unknown',
    clause: 'INFO-05',
    strict: true,
    says: 'product_type is HWE-XYZ',
    response: onDeviceInfo((b) => ({ ...b, product_type: 'HWE-XYZ' })),
  },
  {
    name: 'serial-not-hex',
    clause: 'INFO-06',
    strict: true,
    says: 'serial is 5C2FAF-ABCDE (not 12 hex digits)',
    response: onDeviceInfo((b) => ({ ...b, serial: '5C2FAF-ABCDE' })),
  },
];
